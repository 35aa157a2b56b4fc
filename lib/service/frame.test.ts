import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "./testing/harness";

describe("service frame", () => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService();
  });
  afterAll(() => s.close());

  it("serves the OpenAPI document without a key", async () => {
    const res = await s.request("GET", "/v0/openapi.json", { key: null });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\.0/);
  });

  it("answers unknown routes with 404 in the envelope and a request id", async () => {
    const res = await s.request("GET", "/v0/nothing-here", { headers: { "X-Request-Id": "abc-123" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    expect(await res.json()).toMatchObject({ status_code: 404, error: "not_found" });
  });

  it("generates a request id when none is sent", async () => {
    const res = await s.request("GET", "/v0/nothing-here");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
