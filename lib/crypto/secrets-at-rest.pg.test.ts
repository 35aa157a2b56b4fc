/**
 * Secrets at rest on the machine's PostgreSQL: a webhook's signing secret is stored sealed
 * (never in clear), deliveries are still signed with it; rows from before encryption are sealed
 * at start; after a key rotation every row opens with the new key and deliveries still verify;
 * and an instance with a different key is refused by the fingerprint check.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mismatchedSecrets, recordFingerprint } from "@/lib/instance/shared-secrets";
import { queryRows } from "@/lib/db/database";
import { startReceiver, type Receiver } from "@/lib/service/outbox/testing/receiver";
import { createTestService, type TestService } from "@/lib/service/testing/harness";
import { BODIES } from "@/lib/service/testing/settlement-fixtures";
import { verifySignature, SIGNATURE_HEADER } from "@/lib/webhooks/signature";
import { resealSecrets } from "@/lib/instance/reseal";
import { isSealed, useSecretKeys, type SecretKeys } from "./secret-box";

describe("webhook secrets at rest (PostgreSQL)", () => {
  let s: TestService;
  let receiver: Receiver;
  const first: SecretKeys = { current: randomBytes(32), previous: null };
  /** The key the instance seals with now (a test that rotates it says so). */
  let live = first.current;

  beforeAll(async () => {
    useSecretKeys(first);
    s = await createTestService({ driver: "postgres" });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    useSecretKeys(undefined);
    await receiver.close();
    await s.close();
  });

  const storedSecrets = () =>
    queryRows<{ id: string; secret: string }>(s.database.db, sql`select id, secret from webhook_endpoints`);
  const lastDeliveryVerifies = (secret: string) => {
    const last = receiver.received.at(-1);
    if (!last) return false;
    const header = String(last.headers[SIGNATURE_HEADER.toLowerCase()] ?? "");
    return verifySignature({ header, rawBody: Buffer.from(last.body), secret, now: new Date() }).ok;
  };

  it("stores the signing secret sealed, and signs deliveries with it", async () => {
    const res = await s.request("POST", "/v0/webhooks", {
      body: { url: receiver.url, events: ["settlement_request.created"] },
    });
    const { id, secret } = (await res.json()) as { id: string; secret: string };
    const [row] = (await storedSecrets()).filter((r) => r.id === id);
    expect(isSealed(row?.secret ?? "")).toBe(true);
    expect(row?.secret).not.toContain(secret.slice(6));

    expect((await s.request("POST", "/v0/settlement-requests", { body: BODIES.s2s })).status).toBe(201);
    await s.runWorkers();
    expect(lastDeliveryVerifies(secret)).toBe(true);
  });

  it("seals rows stored in clear, and a rotation seals every row again under the new key", async () => {
    await s.database.db.execute(sql`update webhook_endpoints set secret = 'whsec_fromtheolddays'`);
    expect(await resealSecrets(s.database.db, first)).toMatchObject({ webhooks: 1 });
    expect((await storedSecrets()).every((r) => isSealed(r.secret))).toBe(true);

    const rotated: SecretKeys = { current: randomBytes(32), previous: first.current };
    expect(await resealSecrets(s.database.db, rotated)).toMatchObject({ webhooks: 1 });
    useSecretKeys({ current: rotated.current, previous: null }); // the old key is gone
    live = rotated.current;
    expect((await s.request("POST", "/v0/settlement-requests", { body: BODIES.s2s })).status).toBe(201);
    await s.runWorkers();
    expect(lastDeliveryVerifies("whsec_fromtheolddays")).toBe(true);
  });

  it("keeps a rolled endpoint's old secret sealed too, and re-seals it under a new key (issue 63)", async () => {
    const [endpoint] = await storedSecrets();
    const rolled = await s.request("POST", `/v0/webhooks/${endpoint?.id}/rotate`, {
      body: { previous_secret_expires_in: 3600 },
    });
    const { secret: fresh } = (await rolled.json()) as { secret: string };
    const previous = () =>
      queryRows<{ previous_secret: string }>(s.database.db, sql`select previous_secret from webhook_endpoints`);
    expect((await previous()).every((r) => isSealed(r.previous_secret))).toBe(true);
    const keys = { current: randomBytes(32), previous: live };
    useSecretKeys(keys);
    await resealSecrets(s.database.db, keys);
    useSecretKeys({ current: keys.current, previous: null }); // the old key is gone
    expect((await s.request("POST", "/v0/settlement-requests", { body: BODIES.s2s })).status).toBe(201);
    await s.runWorkers();
    // Both still sign: the new secret and the one it replaced.
    expect(lastDeliveryVerifies(fresh)).toBe(true);
    expect(lastDeliveryVerifies("whsec_fromtheolddays")).toBe(true);
  });

  it("refuses an instance whose AUTH_SECRET or DATA_ENCRYPTION_KEY differs from the recorded fingerprint", async () => {
    const db = s.database.db;
    expect(await mismatchedSecrets(db, { AUTH_SECRET: "a".repeat(40), DATA_ENCRYPTION_KEY: "k1" })).toEqual([]);
    expect(await mismatchedSecrets(db, { AUTH_SECRET: "a".repeat(40), DATA_ENCRYPTION_KEY: "k1" })).toEqual([]);
    expect(await mismatchedSecrets(db, { AUTH_SECRET: "b".repeat(40), DATA_ENCRYPTION_KEY: "k1" })).toEqual([
      "AUTH_SECRET",
    ]);
    expect(await mismatchedSecrets(db, { AUTH_SECRET: "a".repeat(40), DATA_ENCRYPTION_KEY: null })).toEqual([
      "DATA_ENCRYPTION_KEY",
    ]);
    const stored = await queryRows<{ fingerprint: string }>(
      db,
      sql`select fingerprint from console_secret_fingerprints`,
    );
    expect(stored.map((r) => r.fingerprint).join()).not.toContain("aaaa");
    await recordFingerprint(db, "DATA_ENCRYPTION_KEY", "k2");
    expect(await mismatchedSecrets(db, { AUTH_SECRET: "a".repeat(40), DATA_ENCRYPTION_KEY: "k2" })).toEqual([]);
  });
});
