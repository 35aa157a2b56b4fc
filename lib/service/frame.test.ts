import { describe, expect, it } from "vitest";
import { createTestService } from "./testing/harness";
import { withTestService } from "./testing/with-test-service";

describe("service frame", () => {
  const s = withTestService();

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

  it("refuses a body that is not JSON with 415, past 1 MiB with 413, unparsable with 400 invalid_json", async () => {
    const asText = await s.request("POST", "/v0/settlement-requests", {
      body: "hello",
      headers: { "Content-Type": "text/plain" },
    });
    expect(asText.status).toBe(415);
    expect(await asText.json()).toMatchObject({ status_code: 415, error: "unsupported_media_type" });

    const huge = await s.request("POST", "/v0/settlement-requests", {
      body: JSON.stringify({ pad: "x".repeat(1024 * 1024 + 10) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ status_code: 413, error: "payload_too_large" });

    const broken = await s.request("POST", "/v0/settlement-requests", { body: "{not json" });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ status_code: 400, error: "invalid_json" });
  });

  it("answers a known path with another method with 405", async () => {
    const res = await s.request("DELETE", "/v0/settlement-requests");
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ status_code: 405, error: "method_not_allowed" });
    expect(res.headers.get("allow")).toContain("GET");
  });

  it("puts RateLimit headers on every authenticated response", async () => {
    const res = await s.request("GET", "/v0/settlement-requests");
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBe(String(s.deps.config.rateLimitPerMinute.sandbox));
    expect(Number(res.headers.get("ratelimit-remaining"))).toBeLessThan(s.deps.config.rateLimitPerMinute.sandbox);
    expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
  });

  it("answers 429 past the limit, with Retry-After, per key", async () => {
    const limited = await createTestService({ config: { rateLimitPerMinute: { sandbox: 3, production: 5 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.request("GET", "/v0/settlement-requests")).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const res = await limited.request("GET", "/v0/settlement-requests");
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await res.json()).toMatchObject({ status_code: 429, error: "rate_limit_exceeded" });
      // The production key has its own count.
      expect((await limited.request("GET", "/v0/settlement-requests", { key: limited.keys.production })).status).toBe(
        200,
      );
      // A new window starts a new count.
      await limited.advance(60_000);
      expect((await limited.request("GET", "/v0/settlement-requests")).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
