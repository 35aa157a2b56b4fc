/**
 * The operator's key administration (decisions D12.10), over HTTP against the real app: absent
 * without SERVICE_ADMIN_TOKEN, refused without the token or without one of the account's keys,
 * and with both: list, create (the key works at once, shown once), revoke (refused at once).
 * Never in the request log.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createTestService, type TestService } from "../testing/harness";

const TOKEN = "admin-token-for-tests-0123456789abcdef";
let service: TestService;
afterEach(async () => service?.close());

const admin = (token = TOKEN) => ({ Authorization: `Bearer ${token}` });

describe("/v0/admin/api-keys", () => {
  it("does not exist unless the service runs with an admin token", async () => {
    service = await createTestService();
    const res = await service.request("GET", "/v0/admin/api-keys", { headers: admin() });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("refuses a wrong token, a missing token, and a token without one of the account's keys", async () => {
    service = await createTestService({ config: { adminToken: TOKEN } });
    expect((await service.request("GET", "/v0/admin/api-keys")).status).toBe(401);
    expect((await service.request("GET", "/v0/admin/api-keys", { headers: admin("x".repeat(40)) })).status).toBe(401);
    const noKey = await service.request("GET", "/v0/admin/api-keys", { headers: admin(), key: null });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { message: string }).message).toContain("X-Api-Key");
  });

  it("junk tokens cannot lock the operator out: 15 wrong ones get 429 for their sender, the right token still works (issue 42)", async () => {
    service = await createTestService({ config: { adminToken: TOKEN } });
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push(
        (await service.request("GET", "/v0/admin/api-keys", { headers: admin(`junk-${i}-${"x".repeat(30)}`) })).status,
      );
    expect(statuses.slice(0, 10).every((st) => st === 401)).toBe(true);
    expect(statuses.slice(10).every((st) => st === 429)).toBe(true);
    expect((await service.request("GET", "/v0/admin/api-keys", { headers: admin() })).status).toBe(200);
  });

  it("lists, creates and revokes the account's keys; a new key works at once and is refused once revoked", async () => {
    service = await createTestService({ config: { adminToken: TOKEN } });
    const listed = (await (
      await service.request("GET", "/v0/admin/api-keys?environment=sandbox", { headers: admin() })
    ).json()) as { data: Array<{ prefix: string }> };
    expect(listed.data.map((k) => k.prefix)).toEqual([service.keys.sandbox.slice(0, 14)]);

    const created = await service.request("POST", "/v0/admin/api-keys", {
      headers: admin(),
      body: { environment: "sandbox", label: "billing server" },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const key = (await created.json()) as { id: string; key: string; prefix: string };
    expect(key.key).toMatch(/^sk_test_/);
    expect((await service.request("GET", "/v0/settlement-requests", { key: key.key })).status).toBe(200);
    const again = (await (await service.request("GET", "/v0/admin/api-keys", { headers: admin() })).json()) as {
      data: Array<{ id: string; label: string | null }>;
    };
    expect(again.data.find((k) => k.id === key.id)?.label).toBe("billing server");
    expect(JSON.stringify(again)).not.toContain(key.key);

    expect((await service.request("DELETE", `/v0/admin/api-keys/${key.id}`, { headers: admin() })).status).toBe(204);
    expect((await service.request("GET", "/v0/settlement-requests", { key: key.key })).status).toBe(401);
    expect((await service.request("DELETE", `/v0/admin/api-keys/${key.id}`, { headers: admin() })).status).toBe(409);

    // The key a call is made with cannot revoke itself; a bad body names the field.
    const own = (await (
      await service.request("GET", "/v0/admin/api-keys?environment=sandbox", { headers: admin() })
    ).json()) as { data: Array<{ id: string; prefix: string }> };
    const self = own.data.find((k) => k.prefix === service.keys.sandbox.slice(0, 14));
    expect((await service.request("DELETE", `/v0/admin/api-keys/${self?.id}`, { headers: admin() })).status).toBe(403);
    const bad = await service.request("POST", "/v0/admin/api-keys", {
      headers: admin(),
      body: { environment: "staging" },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain("environment");
  });

  it("never reaches the request log, the created key included", async () => {
    service = await createTestService({ config: { adminToken: TOKEN } });
    await service.request("POST", "/v0/admin/api-keys", { headers: admin(), body: { environment: "sandbox" } });
    await service.request("GET", "/v0/settlement-requests");
    const { requestLogWriter } = await import("../request-log/writer");
    await requestLogWriter(service.database.db).flush();
    const log = (await (await service.request("GET", "/v0/request-logs")).json()) as { data: Array<{ path: string }> };
    expect(log.data.some((e) => e.path.startsWith("/v0/admin"))).toBe(false);
    expect(log.data.some((e) => e.path === "/v0/settlement-requests")).toBe(true);
  });
});
