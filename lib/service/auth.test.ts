import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "./testing/harness";

/**
 * Every route of the published OpenAPI document refuses a missing and an unknown key with 401 in
 * the envelope. The route list comes from the document, so a new route is covered by itself.
 */
type Operation = { method: string; path: string };

let s: TestService;
let operations: Operation[] = [];

beforeAll(async () => {
  s = await createTestService();
  const doc = (await (await s.request("GET", "/v0/openapi.json", { key: null })).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
      .map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000"),
      })),
  );
});
afterAll(() => s.close());

describe("API key authentication", () => {
  it("the document lists the /v0 and /v1 surfaces", () => {
    const paths = operations.map((o) => o.path);
    for (const expected of [
      "/v0/settlement-requests",
      "/v0/payments",
      "/v0/rates",
      "/v0/webhooks",
      "/v0/disbursements",
      "/v0/sandbox/info",
      "/v1/payments",
      "/v1/webhooks",
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it("refuses a missing key on every route", async () => {
    for (const op of operations) {
      const res = await s.request(op.method, op.path, {
        key: null,
        body: op.method === "GET" || op.method === "DELETE" ? undefined : {},
      });
      expect({ op, status: res.status }).toEqual({ op, status: 401 });
      expect(await res.json()).toMatchObject({ status_code: 401, error: "unauthorized" });
    }
  });

  it("refuses an unknown key on every route", async () => {
    for (const op of operations) {
      const res = await s.request(op.method, op.path, {
        key: "sk_test_not-a-real-key",
        body: op.method === "GET" || op.method === "DELETE" ? undefined : {},
      });
      expect({ op, status: res.status }).toEqual({ op, status: 401 });
      expect(await res.json()).toMatchObject({ status_code: 401, error: "unauthorized" });
    }
  });

  it("refuses a revoked key at once", async () => {
    const { createApiKey, revokeApiKey } = await import("./store/api-keys");
    const made = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "sandbox" });
    expect((await s.request("GET", "/v0/sandbox/info", { key: made.key })).status).toBe(200);
    await revokeApiKey(s.deps.db, made.id, new Date());
    expect((await s.request("GET", "/v0/sandbox/info", { key: made.key })).status).toBe(401);
  });
});
