/**
 * A bundle as an auditor gets it (issue 47), on the embedded database: every entry verifies
 * offline; flipping any byte of any entry, proof or checkpoint line makes the verifier fail at
 * that exact line; a checkpoint kept from an earlier bundle proves the log only grew; a rotated
 * key leaves the old checkpoints verifiable.
 */
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAudit } from "@/lib/auth/audit";
import { queryRows } from "@/lib/db/database";
import { createTestService, type TestService } from "@/lib/service/testing/harness";
import { pushToWitness } from "./checkpoint-job";
import { bundleLines, latestCheckpoint, makeCheckpoint, rotateSigningKey } from "./store";
import { verifyBundle } from "./verify";

const ALL = { fromMs: 0, toMs: Number.MAX_SAFE_INTEGER };
const collect = async (lines: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const l of lines) out.push(l);
  return out;
};
// The byte flips are random, from a seed every failure names (BUNDLE_SEED=<n> replays it): a
// first attempt failed once in CI on 3 Dec and passed on its retry, with nothing to replay.
const SEED = Number(process.env.BUNDLE_SEED) || Math.floor(Math.random() * 2 ** 31);
let state = SEED;
const rand = (n: number) => {
  // mulberry32
  state = (state + 0x6d2b79f5) | 0;
  let x = Math.imul(state ^ (state >>> 15), 1 | state);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4294967296) * n);
};

describe("an audit bundle, verified offline", () => {
  let s: TestService;
  beforeAll(async () => {
    s = await createTestService();
    for (let i = 0; i < 37; i++)
      await insertAudit(s.database.db, {
        actor: { userId: `u${i % 3}`, email: `person${i % 3}@example.com`, role: "admin" },
        action: i % 2 ? "approveSubmission" : "createApiKey",
        targetId: `sub_${i}`,
        result: "ok",
        detail: `entry ${i} “quoted” ünïcode`,
      });
  });
  afterAll(() => s?.close());

  it("verifies every entry, and the log only grew since a checkpoint kept earlier", async () => {
    const first = await collect(bundleLines(s.database.db, ALL));
    const verdict = verifyBundle(first.join("\n"));
    expect(verdict).toMatchObject({ ok: true, entries: 37, treeSize: 37 });
    const kept = (await latestCheckpoint(s.database.db))?.note ?? "";

    for (let i = 0; i < 5; i++)
      await insertAudit(s.database.db, { actor: null, email: "x@example.com", action: "signIn", result: "ok" });
    const second = await collect(bundleLines(s.database.db, ALL));
    expect(verifyBundle(second.join("\n"), { previous: kept })).toMatchObject({ ok: true, treeSize: 42 });
    // A checkpoint of a log that was rewritten is refused.
    const forged = kept.replace(/\n[A-Za-z0-9+/=]{44}\n/, `\n${Buffer.alloc(32, 7).toString("base64")}\n`);
    expect(forged).not.toBe(kept);
    expect(verifyBundle(second.join("\n"), { previous: forged }).ok).toBe(false);
  });

  it("fails at the exact line when any byte of an entry, a proof or a checkpoint is flipped", async () => {
    const lines = await collect(bundleLines(s.database.db, ALL));
    const targets = lines
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => /^\{"type":"(entry|checkpoint|consistency)"/.test(l));
    expect(targets.length).toBeGreaterThan(40);
    for (let t = 0; t < 300; t++) {
      const { l, i } = targets[rand(targets.length)] as { l: string; i: number };
      const bytes = Buffer.from(l, "utf8");
      const at = rand(bytes.length);
      bytes[at] = (bytes[at] as number) ^ (1 + rand(255));
      const copy = [...lines];
      copy[i] = bytes.toString("utf8");
      const verdict = verifyBundle(copy.join("\n"));
      expect(verdict.ok, `seed ${SEED}, byte ${at} of line ${i + 1}: ${copy[i]}`).toBe(false);
      if (!verdict.ok) expect(verdict.line, `seed ${SEED}: ${verdict.summary}`).toBe(i + 1);
    }
  });

  it("names the entry whose row was altered in the database, with what it says", async () => {
    const [victim] = await queryRows<{ seq: string }>(
      s.database.db,
      sql`select seq from console_audit_log where entry like '%"sub_11"%'`,
    );
    await s.database.db.execute(
      sql`update console_audit_log set entry = replace(entry, '"result":"ok"', '"result":"denied"') where seq = ${Number(victim?.seq)}`,
    );
    const verdict = verifyBundle((await collect(bundleLines(s.database.db, ALL))).join("\n"));
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) {
      expect(verdict.seq).toBe(Number(victim?.seq));
      expect(verdict.summary).toContain("approveSubmission by person2@example.com");
      expect(verdict.summary).toContain("does not verify");
    }
    await s.database.db.execute(
      sql`update console_audit_log set entry = replace(entry, '"result":"denied"', '"result":"ok"') where seq = ${Number(victim?.seq)}`,
    );
  });

  it("keeps old checkpoints verifiable after the signing key is rotated", async () => {
    const before = await latestCheckpoint(s.database.db);
    await rotateSigningKey(s.database.db);
    await insertAudit(s.database.db, { actor: null, email: "y@example.com", action: "signIn", result: "ok" });
    const after = await makeCheckpoint(s.database.db, { force: true });
    expect(after?.keyId).not.toBe(before?.keyId);
    const lines = await collect(bundleLines(s.database.db, ALL));
    expect(lines.filter((l) => l.startsWith('{"type":"key"'))).toHaveLength(2);
    expect(verifyBundle(lines.join("\n"), { previous: before?.note })).toMatchObject({ ok: true });
  });

  it("`settlement-console verify-audit` says OK and exits 0, or names the line and exits 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "audit-bundle-"));
    const lines = await collect(bundleLines(s.database.db, ALL));
    const good = join(dir, "good.ndjson");
    writeFileSync(good, `${lines.join("\n")}\n`);
    const cli = (...args: string[]) =>
      spawnSync("node", ["scripts/settlement-console.mjs", "verify-audit", ...args], { encoding: "utf8" });
    const ok = cli(good);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^OK: \d+ entries verified in a log of \d+/);
    const at = lines.findIndex((l) => l.startsWith('{"type":"entry"'));
    const bad = join(dir, "bad.ndjson");
    writeFileSync(
      bad,
      `${lines.map((l, i) => (i === at ? l.replace('"result":"ok"', '"result":"no"') : l)).join("\n")}\n`,
    );
    const failed = cli(bad);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`FAILED: line ${at + 1}, entry`);
    expect(cli().status).toBe(2);
  }, 60_000);

  it("pushes each checkpoint to the customer's witness, signed, and keeps a failure to try again", async () => {
    process.env.AUDIT_WITNESS_URL = "https://witness.example.invalid/checkpoints";
    process.env.AUDIT_WITNESS_SECRET = "witness-secret";
    try {
      await insertAudit(s.database.db, { actor: null, email: "w@example.com", action: "signIn", result: "ok" });
      await makeCheckpoint(s.database.db, { force: true });
      const down: typeof fetch = async () => new Response("no", { status: 503 });
      expect(await pushToWitness(s.database.db, down)).toBe(0);
      const [failed] = await queryRows<{ witness_error: string | null }>(
        s.database.db,
        sql`select witness_error from console_audit_checkpoints where witnessed_at is null order by size limit 1`,
      );
      expect(failed?.witness_error).toBe("the witness answered 503");
      const received: Array<{ body: string; signature: string }> = [];
      const up: typeof fetch = async (_url, init) => {
        received.push({
          body: String(init?.body),
          signature: new Headers(init?.headers).get("X-Audit-Signature") ?? "",
        });
        return new Response("ok");
      };
      expect(await pushToWitness(s.database.db, up)).toBeGreaterThan(0);
      const last = received.at(-1);
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(last?.signature ?? "") ?? [];
      expect(v1).toBe(createHmac("sha256", "witness-secret").update(`${t}.${last?.body}`).digest("hex"));
      expect(last?.body).toBe((await latestCheckpoint(s.database.db))?.note);
      const [left] = await queryRows<{ n: string }>(
        s.database.db,
        sql`select count(*) as n from console_audit_checkpoints where witnessed_at is null`,
      );
      expect(Number(left?.n)).toBe(0);
    } finally {
      delete process.env.AUDIT_WITNESS_URL;
      delete process.env.AUDIT_WITNESS_SECRET;
    }
  });
});
