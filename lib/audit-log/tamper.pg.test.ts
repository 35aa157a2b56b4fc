/**
 * An attacker with the database (issue 58), on the machine's PostgreSQL: each way a database
 * writer can change the audit trail without the signing key (edit a log entry, null one and edit
 * its trail row, delete a trail row, delete a log row, reorder two log rows, add a trail row, cut
 * the bundle short) is caught by the offline verifier, by the trail check, or by both; and what
 * retention does on its own still verifies. Each case on a schema of its own.
 */
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { insertAudit } from "@/lib/auth/audit";
import { queryRows } from "@/lib/db/database";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";
import { pruneAuditLog } from "./checkpoint-job";
import { bundleLines, makeCheckpoint } from "./store";
import { checkTrail } from "./trail-check";
import { trailTampered } from "./trail-verdict";
import { verifyBundle, type Verdict } from "./verify";

const ALL = { fromMs: 0, toMs: Date.parse("2100-01-01T00:00:00Z") };

let open: TestDatabase | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

/** A log of 40 entries (every other one an approval), signed at 20 and at 40. */
async function logOf40(): Promise<TestDatabase> {
  const a = await migratedPostgres();
  open = a;
  for (let i = 0; i < 40; i++) {
    await insertAudit(a.db, {
      actor: { userId: `u${i % 3}`, email: `person${i % 3}@example.com`, role: "admin" },
      action: i % 2 ? "approveSubmission" : "createApiKey",
      targetId: `sub_${i}`,
      result: "ok",
      detail: `entry ${i}`,
    });
    if (i === 19) await makeCheckpoint(a.db, { force: true });
  }
  await makeCheckpoint(a.db, { force: true });
  return a;
}

async function bundle(a: TestDatabase): Promise<string[]> {
  const out: string[] = [];
  for await (const line of bundleLines(a.db, ALL)) out.push(line);
  return out;
}
const verdictOf = async (a: TestDatabase): Promise<Verdict> => verifyBundle((await bundle(a)).join("\n"));
const approval = async (a: TestDatabase, n: number) => {
  const [row] = await queryRows<{ seq: string; audit_id: string }>(
    a.db,
    sql`select seq, audit_id from console_audit_log where entry like ${`%"sub_${n}"%`}`,
  );
  return { seq: Number(row?.seq), auditId: String(row?.audit_id) };
};

describe("a database writer against the audit trail (PostgreSQL)", () => {
  it("untouched: the bundle verifies every place, and the trail check finds nothing", async () => {
    const a = await logOf40();
    const lines = await bundle(a);
    expect(JSON.parse(lines.at(-1) ?? "{}")).toEqual({ type: "end", entries: 40, pruned: 0, first: 0, last: 39 });
    expect(verifyBundle(lines.join("\n"))).toMatchObject({ ok: true, entries: 40, treeSize: 40 });
    const trail = await checkTrail(a.db, ALL);
    expect(trailTampered(trail)).toBe(false);
    expect(trail.checked).toBe(40);
  });

  it("nulls an approval's log entry and edits its trail row: the verifier and the trail check both catch it", async () => {
    const a = await logOf40();
    const victim = await approval(a, 11);
    await a.db.execute(sql`update console_audit_log set entry = null where seq = ${victim.seq}`);
    await a.db.execute(
      sql`update console_audit set user_email = 'someone-else@example.com' where id = ${victim.auditId}`,
    );
    const verdict = await verdictOf(a);
    expect(verdict).toMatchObject({ ok: false, seq: victim.seq });
    expect(verdict.summary).toMatch(/removed (inside the retention|after one that is still there)/);
    const trail = await checkTrail(a.db, ALL);
    expect(trail.nulled).toEqual([{ id: victim.auditId, seq: victim.seq }]);
  });

  it("nulls the first entry and back-dates it past the retention: the trail row it leaves behind gives it away", async () => {
    const a = await logOf40();
    const first = await approval(a, 0);
    await a.db.execute(sql`update console_audit_log set entry = null, at_ms = 0 where seq = ${first.seq}`);
    await a.db.execute(sql`update console_audit set detail = 'nothing to see' where id = ${first.auditId}`);
    // The log alone accepts a pruned oldest entry; the trail row written since the log began has no entry now.
    expect((await verdictOf(a)).ok).toBe(true);
    const trail = await checkTrail(a.db, ALL);
    expect(trailTampered(trail)).toBe(true);
    expect(trail.nulled).toEqual([{ id: first.auditId, seq: first.seq }]);
  });

  it("deletes a trail row: the log entry without it is tampering", async () => {
    const a = await logOf40();
    const victim = await approval(a, 21);
    await a.db.execute(sql`delete from console_audit where id = ${victim.auditId}`);
    expect((await verdictOf(a)).ok).toBe(true); // the log itself is whole
    const trail = await checkTrail(a.db, ALL);
    expect(trail.orphaned).toEqual([{ id: victim.auditId, seq: victim.seq }]);
    expect(trailTampered(trail)).toBe(true);
  });

  it("adds a trail row of its own: a row written since the log began without an entry is tampering", async () => {
    const a = await logOf40();
    await a.db.execute(
      sql`insert into console_audit (id, at, user_email, role, action, result, detail)
          values ('aud_forged', now(), 'felix@example.com', 'admin', 'approveSubmission', 'ok', 'forged')`,
    );
    const trail = await checkTrail(a.db, ALL);
    expect(trail.unlogged).toEqual([{ id: "aud_forged" }]);
  });

  it("deletes a log row: the bundle says so in an error line, and the verifier fails on it", async () => {
    const a = await logOf40();
    const victim = await approval(a, 13);
    await a.db.execute(sql`delete from console_audit_log where seq = ${victim.seq}`);
    const lines = await bundle(a);
    expect(JSON.parse(lines.at(-1) ?? "{}")).toMatchObject({
      type: "error",
      problem: expect.stringContaining(`place ${victim.seq} is missing`),
    });
    const verdict = verifyBundle(lines.join("\n"));
    expect(verdict.ok).toBe(false);
    expect(verdict.summary).toContain("rows were deleted");
    expect((await checkTrail(a.db, ALL)).unlogged.map((u) => u.id)).toContain(victim.auditId);
  });

  it("reorders two signed log rows: the stored leaves no longer give the signed root", async () => {
    const a = await logOf40();
    const x = await approval(a, 3);
    const y = await approval(a, 5);
    await a.db.execute(sql`update console_audit_log set seq = -1 where seq = ${x.seq}`);
    await a.db.execute(sql`update console_audit_log set seq = ${x.seq} where seq = ${y.seq}`);
    await a.db.execute(sql`update console_audit_log set seq = ${y.seq} where seq = -1`);
    const verdict = await verdictOf(a);
    expect(verdict.ok).toBe(false);
    expect(verdict.summary).toContain("console_audit_log was changed");
  });

  it("edits an entry's text: the verifier names the entry", async () => {
    const a = await logOf40();
    const victim = await approval(a, 17);
    await a.db.execute(
      sql`update console_audit_log set entry = replace(entry, 'person2@example.com', 'nobody@example.com') where seq = ${victim.seq}`,
    );
    const verdict = await verdictOf(a);
    expect(verdict).toMatchObject({ ok: false, seq: victim.seq });
    expect(verdict.summary).toContain("does not verify");
  });

  it("a bundle cut short, or with a place taken out, fails; an error line fails", async () => {
    const a = await logOf40();
    const lines = await bundle(a);
    expect(verifyBundle(lines.slice(0, -1).join("\n"))).toMatchObject({ ok: false });
    expect(verifyBundle(lines.slice(0, -1).join("\n")).summary).toContain("no end line");
    const entry = lines.findIndex((l) => l.includes('"seq":20,'));
    const holed = lines.filter((_, i) => i !== entry);
    expect(verifyBundle(holed.join("\n")).summary).toContain("place 20");
    // The end line rewritten to match a bundle without its last entry still fails: the range is not whole.
    const shorter = [
      ...lines.slice(0, -2),
      JSON.stringify({ type: "end", entries: 39, pruned: 0, first: 0, last: 38 }),
    ];
    expect(verifyBundle(shorter.join("\n")).ok).toBe(true); // a range that ends earlier is a range …
    const lying = [...lines.slice(0, -2), JSON.stringify({ type: "end", entries: 39, pruned: 0, first: 0, last: 39 })];
    expect(verifyBundle(lying.join("\n")).summary).toContain("cut short"); // … but not one that claims more
    const failed = [...lines.slice(0, 3), JSON.stringify({ type: "error", problem: "the log could not be read" })];
    expect(verifyBundle(failed.join("\n")).summary).toContain("could not make the bundle");
  });

  it("retention's own pruning still verifies: the old entries are pruned lines with their leaves", async () => {
    const a = await logOf40();
    await a.db.execute(sql`update console_audit_log set at_ms = 1000 + seq where seq < 5`);
    await pruneAuditLog(a.db);
    const lines = await bundle(a);
    expect(lines.filter((l) => l.startsWith('{"type":"pruned"'))).toHaveLength(5);
    expect(verifyBundle(lines.join("\n"))).toMatchObject({ ok: true, entries: 35 });
  });
});
