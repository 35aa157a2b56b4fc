import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService, type DriverKind, type TestService } from "../testing/harness";
import { createApiKey, findKeyOwner, hashApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { claimIdempotencyKey, completeIdempotencyKey, readIdempotencyRecord, releaseIdempotencyKey } from "./idempotency";
import { identifyAndCount } from "./caller-lookup";

/** The same storage functions on both drivers: PGlite (embedded) and PostgreSQL. */
describe.each<DriverKind>(["pglite", "postgres"])("store on %s", (driver) => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService({ driver });
  });
  afterAll(() => s.close());

  it("stores keys hashed and finds their owner", async () => {
    const made = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "production" });
    expect(made.key).toMatch(/^sk_live_/);
    const listed = await listApiKeys(s.deps.db, { prefix: made.prefix });
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(made.key);
    const owner = await findKeyOwner(s.deps.db, made.key);
    expect(owner).toMatchObject({ accountId: s.account.id, environment: "production", keyId: made.id });
    expect(hashApiKey(made.key)).toMatch(/^[0-9a-f]{64}$/);
    expect(await revokeApiKey(s.deps.db, made.id, new Date())).toBe(true);
    expect(await findKeyOwner(s.deps.db, made.key)).toBeNull();
    expect(await revokeApiKey(s.deps.db, made.id, new Date())).toBe(false);
  });

  it("identifies a key's owner and counts its requests per window, in one statement", async () => {
    const a = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "sandbox" });
    const b = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "production" });
    expect(await identifyAndCount(s.deps.db, a.key, 60_000)).toMatchObject({ keyId: a.id, environment: "sandbox", accountName: s.account.name, count: 1 });
    expect((await identifyAndCount(s.deps.db, a.key, 60_000))?.count).toBe(2);
    expect((await identifyAndCount(s.deps.db, a.key, 120_000))?.count).toBe(1);
    expect((await identifyAndCount(s.deps.db, b.key, 60_000))?.count).toBe(1);
    expect(await identifyAndCount(s.deps.db, "sk_test_unknown", 60_000)).toBeNull();
    await revokeApiKey(s.deps.db, b.id, new Date());
    expect(await identifyAndCount(s.deps.db, b.key, 60_000)).toBeNull();
  });

  it("claims an idempotency key once", async () => {
    const ref = { apiKeyId: "k1", scope: "test", key: "abc" };
    const at = new Date();
    expect(await claimIdempotencyKey(s.deps.db, { ...ref, requestHash: "h", at })).toBe(true);
    expect(await claimIdempotencyKey(s.deps.db, { ...ref, requestHash: "h", at })).toBe(false);
    await completeIdempotencyKey(s.deps.db, { ...ref, status: 201, body: "{}" });
    expect(await readIdempotencyRecord(s.deps.db, ref)).toMatchObject({ state: "done", responseStatus: 201 });
    await releaseIdempotencyKey(s.deps.db, ref);
    expect(await readIdempotencyRecord(s.deps.db, ref)).toBeNull();
  });
});
