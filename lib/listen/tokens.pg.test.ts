/**
 * Personal access tokens and listening sessions on the machine's PostgreSQL (decisions D18):
 * only a hash is stored; a revoked or expired token, or a disabled person's, is refused with
 * its own reason; the forwarded mark only moves forward, under concurrent reports too.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { consoleUsers } from "@/lib/auth/schema";
import { useSecretKeys } from "@/lib/crypto/secret-box";
import { migratedPostgres } from "@/test/console-postgres";
import { queryRows, type Database } from "@/lib/db/database";
import { noteForwarded, profileOf } from "./receiver";
import { endSession, listSessions, openSession, recordDelivery, touchSession } from "./sessions";
import { checkToken, createToken, hashToken, revokeToken, tokenStillValid } from "./tokens";
import { cutOffPerson } from "./cut-off";

describe("personal access tokens and listening sessions (PostgreSQL)", () => {
  let a: Database & { schema: string };
  beforeAll(async () => {
    // As every running console has one (it refuses to start without DATA_ENCRYPTION_KEY).
    useSecretKeys({ current: randomBytes(32), previous: null });
    a = await migratedPostgres();
    await a.db.insert(consoleUsers).values([
      { id: "u-dev", name: "Dev", email: "dev@example.com", role: "developer" },
      { id: "u-other", name: "Other", email: "other@example.com", role: "developer" },
    ]);
  });
  afterAll(async () => {
    useSecretKeys(undefined);
    await a.close();
  });

  it("stores only the hash, and the token checks out for its person", async () => {
    const { token, view } = await createToken(a.db, { userId: "u-dev", name: "laptop", createdBy: "dev@example.com" });
    expect(token).toMatch(/^scpat_[A-Za-z0-9_-]{43}$/);
    expect(view).not.toHaveProperty("tokenHash");
    const stored = await queryRows<{ token_hash: string; prefix: string; scopes: string[] }>(
      a.db,
      sql`select token_hash, prefix, scopes from console_access_tokens where id = ${view.id}`,
    );
    expect(stored[0].token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(token.startsWith(stored[0].prefix)).toBe(true);
    expect(stored[0].scopes).toEqual(["sandbox", "listen"]);
    const checked = await checkToken(a.db, token);
    expect(checked).toEqual({
      ok: true,
      holder: { tokenId: view.id, userId: "u-dev", email: "dev@example.com", name: "Dev", role: "developer" },
    });
    expect((await checkToken(a.db, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).ok).toBe(false);
  });

  it("refuses a revoked token, an expired one and a disabled person's, each saying why", async () => {
    const revoked = await createToken(a.db, { userId: "u-dev", name: "old", createdBy: "t" });
    expect(await revokeToken(a.db, revoked.view.id, "u-other", "other@example.com")).toBeNull(); // not theirs
    expect(await revokeToken(a.db, revoked.view.id, "u-dev", "dev@example.com")).not.toBeNull();
    expect(await checkToken(a.db, revoked.token)).toMatchObject({ ok: false, code: "token_revoked" });
    expect(await tokenStillValid(a.db, revoked.view.id)).toBe(false);

    const expired = await createToken(a.db, {
      userId: "u-dev",
      name: "short",
      createdBy: "t",
      expiresInSeconds: 60,
      now: new Date(Date.now() - 120_000),
    });
    expect(await checkToken(a.db, expired.token)).toMatchObject({ ok: false, code: "token_expired" });

    const other = await createToken(a.db, { userId: "u-other", name: "x", createdBy: "t" });
    expect((await checkToken(a.db, other.token)).ok).toBe(true);
    await a.db.update(consoleUsers).set({ disabled: true }).where(eq(consoleUsers.id, "u-other"));
    expect(await checkToken(a.db, other.token)).toMatchObject({ ok: false, code: "person_disabled" });
    expect(await tokenStillValid(a.db, other.view.id)).toBe(false);
  });

  it("keeps one listen secret per person, stable, sealed at rest", async () => {
    const first = await profileOf(a.db, "u-dev");
    const again = await profileOf(a.db, "u-dev");
    expect(first.secret).toMatch(/^whsec_/);
    expect(again.secret).toBe(first.secret);
    const stored = await queryRows<{ secret: string }>(
      a.db,
      sql`select secret from console_listen_profiles where user_id = 'u-dev'`,
    );
    expect(stored[0].secret).not.toContain(first.secret);
  });

  it("moves the forwarded mark only forward, whatever order concurrent reports land in", async () => {
    await profileOf(a.db, "u-dev");
    await Promise.all([40, 12, 77, 5, 60].map((seq) => noteForwarded(a.db, "u-dev", seq)));
    expect((await profileOf(a.db, "u-dev")).forwardedSeq).toBe(77);
  });

  it("counts a session's deliveries, ends it once, and lists it for its person and for an administrator", async () => {
    await openSession(a.db, {
      id: "lsn_aaaaaaaaaaaaaaaa",
      userId: "u-dev",
      tokenId: "pat_x",
      forwardTo: "http://localhost:8080/",
      eventTypes: null,
    });
    expect(await recordDelivery(a.db, "lsn_aaaaaaaaaaaaaaaa", "u-dev", { status: 200, verdict: "ok" })).toBe(true);
    expect(await recordDelivery(a.db, "lsn_aaaaaaaaaaaaaaaa", "u-other", { status: 200, verdict: "ok" })).toBe(false);
    await recordDelivery(a.db, "lsn_aaaaaaaaaaaaaaaa", "u-dev", {
      status: null,
      verdict: "connection refused: is your server running on :8080?",
    });
    const [mine] = await listSessions(a.db, "u-dev");
    expect(mine).toMatchObject({
      state: "live",
      deliveries: 2,
      last: { status: null, verdict: "connection refused: is your server running on :8080?" },
    });
    expect(await listSessions(a.db, "u-other")).toEqual([]);
    expect((await listSessions(a.db, null)).map((s) => s.id)).toContain("lsn_aaaaaaaaaaaaaaaa");
    expect(await endSession(a.db, "lsn_aaaaaaaaaaaaaaaa", "u-other", "x")).toBeNull();
    expect(await endSession(a.db, "lsn_aaaaaaaaaaaaaaaa", null, "ended by admin@example.com")).not.toBeNull();
    expect(await endSession(a.db, "lsn_aaaaaaaaaaaaaaaa", null, "again")).toBeNull();
    expect(await touchSession(a.db, "lsn_aaaaaaaaaaaaaaaa")).toBe(false);
    expect((await listSessions(a.db, "u-dev"))[0]).toMatchObject({
      state: "ended",
      endedReason: "ended by admin@example.com",
    });
  });

  it("a reset, a role change or a disable cuts the person off: every token revoked, every open listen session ended (issue 42)", async () => {
    await a.db.insert(consoleUsers).values({ id: "u-cut", name: "Cut", email: "cut@example.com", role: "developer" });
    const first = await createToken(a.db, { userId: "u-cut", name: "laptop", createdBy: "cut@example.com" });
    const second = await createToken(a.db, { userId: "u-cut", name: "ci", createdBy: "cut@example.com" });
    await a.db.insert(consoleUsers).values({ id: "u-by", name: "By", email: "by@example.com", role: "developer" });
    const bystander = await createToken(a.db, { userId: "u-by", name: "theirs", createdBy: "by@example.com" });
    await openSession(a.db, {
      id: "lsn_cutcutcutcutcut01",
      userId: "u-cut",
      tokenId: first.view.id,
      forwardTo: "http://localhost:4242",
      eventTypes: null,
    });
    expect((await checkToken(a.db, first.token)).ok).toBe(true);
    const told: string[] = [];
    const cut = await cutOffPerson(a.db, "u-cut", "password reset by admin@example.com", {
      publish: async (stop) => void told.push(`${stop.userId} ${stop.sessionId}`),
    });
    expect(cut).toEqual({ tokens: 2, sessions: 1 });
    expect(told).toEqual(["u-cut lsn_cutcutcutcutcut01"]); // the stream's instance is told at once
    for (const t of [first, second]) {
      expect(await checkToken(a.db, t.token)).toMatchObject({ ok: false, code: "token_revoked" });
      expect(await tokenStillValid(a.db, t.view.id)).toBe(false);
    }
    expect(await touchSession(a.db, "lsn_cutcutcutcutcut01")).toBe(false);
    expect((await checkToken(a.db, bystander.token)).ok).toBe(true);
  });
});
