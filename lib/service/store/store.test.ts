import { describe, expect, it } from "vitest";
import type { DriverKind } from "../testing/harness";
import { withTestService } from "../testing/with-test-service";
import { createApiKey, findKeyOwner, hashApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { expireIdempotencyKey, lockIdempotencyKey, readIdempotencyRecord, storeIdempotentAnswer } from "./idempotency";
import { identifyAndClaim } from "./caller-lookup";
import { sql } from "drizzle-orm";
import { emitEvent } from "../outbox/emit";
import { queryRows } from "@/lib/db/database";
import { addSandboxOffset } from "./sandbox-clocks";
import { webhookEndpoints } from "./schema";

/** The same storage functions on both drivers: PGlite (embedded) and PostgreSQL. */
describe.each<DriverKind>(["pglite", "postgres"])("store on %s", (driver) => {
  const s = withTestService({ driver });

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

  it("identifies a key's owner and claims slots of its window, in one statement, never past the limit", async () => {
    const a = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "sandbox" });
    const b = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "production" });
    const limits = { sandbox: 40, production: 1000 };
    const claim = (key: string, windowStart: number, want: number) =>
      identifyAndClaim(s.deps.db, { keyHash: hashApiKey(key), windowStart, want, limits, spread: 4 });
    expect(await claim(a.key, 60_000, 1)).toMatchObject({
      keyId: a.id,
      environment: "sandbox",
      accountName: s.account.name,
      limit: 40,
      count: 1,
      granted: 1,
    });
    // At most a quarter of what is left (39 / 4 = 9), then 30 / 4 = 7.
    expect(await claim(a.key, 60_000, 100)).toMatchObject({ count: 10, granted: 9 });
    expect(await claim(a.key, 60_000, 100)).toMatchObject({ count: 17, granted: 7 });
    expect(await claim(a.key, 60_000, 0)).toMatchObject({ count: 17, granted: 0 });
    // Near the end slots go out one at a time, and never past the limit.
    let last = { count: 17, granted: 0 };
    for (let i = 0; i < 60; i++) last = (await claim(a.key, 60_000, 100))!;
    expect(last).toMatchObject({ count: 40, granted: 0 });
    expect(await claim(a.key, 120_000, 1)).toMatchObject({ count: 1, granted: 1 });
    expect(await claim(b.key, 60_000, 1)).toMatchObject({ limit: 1000, count: 1, granted: 1 });
    expect(await claim("sk_test_unknown", 60_000, 1)).toBeNull();
    await revokeApiKey(s.deps.db, b.id, new Date());
    expect(await claim(b.key, 60_000, 1)).toBeNull();
  });

  it("reads a sandbox key's account clock with the claim, and none for a production key", async () => {
    const sandbox = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "sandbox" });
    const production = await createApiKey(s.deps.db, { accountId: s.account.id, environment: "production" });
    const limits = { sandbox: 40, production: 40 };
    const claim = (key: string) =>
      identifyAndClaim(s.deps.db, { keyHash: hashApiKey(key), windowStart: 60_000, want: 0, limits, spread: 4 });
    expect(await claim(sandbox.key)).toMatchObject({ sandboxOffsetMs: 0 });
    await addSandboxOffset(s.deps.db, s.account.id, 90_000, new Date());
    expect(await claim(sandbox.key)).toMatchObject({ sandboxOffsetMs: 90_000 });
    expect(await claim(production.key)).toMatchObject({ sandboxOffsetMs: 0 });
  });

  it("stores an idempotent answer once per key, and takes the key's lock inside a transaction", async () => {
    const ref = { apiKeyId: "k1", scope: "test", key: "abc" };
    const at = new Date();
    await s.deps.db.transaction(async (tx) => {
      expect(await lockIdempotencyKey(tx, ref)).toBe(true);
      await storeIdempotentAnswer(tx, { ...ref, requestHash: "h", at, status: 201, body: "{}" });
    });
    expect(await readIdempotencyRecord(s.deps.db, ref)).toMatchObject({ state: "done", responseStatus: 201 });
    await expect(
      s.deps.db.transaction((tx) =>
        storeIdempotentAnswer(tx, { ...ref, requestHash: "h", at, status: 201, body: "{}" }),
      ),
    ).rejects.toThrow();
    await expireIdempotencyKey(s.deps.db, ref, new Date(at.getTime() + 1));
    expect(await readIdempotencyRecord(s.deps.db, ref)).toBeNull();
  });

  it("runs one statement of several writes atomically: in a rolled-back transaction nothing stays, on the handle it commits", async () => {
    const event = (id: string) => ({
      accountId: s.account.id,
      environment: "sandbox" as const,
      type: "payment.created" as const,
      data: { id },
      at: new Date(),
    });
    const stored = async (id: string) =>
      (
        await queryRows<{ n: number }>(s.deps.db, sql`SELECT count(*)::int AS n FROM events WHERE resource_id = ${id}`)
      )[0].n;
    await expect(
      s.deps.db.transaction(async (tx) => {
        await emitEvent(tx, event("rolled-back-write"));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(Number(await stored("rolled-back-write"))).toBe(0);
    // An endpoint subscribed to the type: each event fans out to a delivery that references it.
    const now = new Date();
    await s.deps.db.insert(webhookEndpoints).values({
      id: `wh-${driver}`,
      accountId: s.account.id,
      environment: "sandbox",
      url: "https://example.com/hook",
      events: ["payment.created"],
      secret: "whsec_test",
      status: "ACTIVE",
      createdAt: now,
      updatedAt: now,
    });
    // Twice on the root handle: on PostgreSQL the second run uses the prepared statement.
    await emitEvent(s.deps.db, event("committed-write"));
    await emitEvent(s.deps.db, event("committed-write"));
    expect(Number(await stored("committed-write"))).toBe(2);
    const deliveries = await queryRows<{ n: number }>(
      s.deps.db,
      sql`SELECT count(*)::int AS n FROM webhook_deliveries d JOIN events e ON e.id = d.event_id WHERE e.resource_id = 'committed-write'`,
    );
    expect(Number(deliveries[0].n)).toBe(2);
  });
});
