/**
 * Several instances writing the audit log at once on the machine's PostgreSQL (issue 47): 4
 * instances × 8 writers × 500 entries, with checkpoints signed meanwhile, make one log: every
 * place 0…15,999 taken exactly once (no fork), no deadlock, every audit row in it, and the
 * bundle of all of it verifies offline.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAudit } from "@/lib/auth/audit";
import { migrate } from "@/lib/db/migrate";
import { openDatabase, queryRows, type Database } from "@/lib/db/database";
import { freshPostgres, TEST_PG_URL } from "@/lib/service/testing/harness";
import { bundleLines, makeCheckpoint } from "./store";
import { BundleVerifier } from "./verify";

const INSTANCES = 4;
const WRITERS = 8;
const EACH = 500;

describe("the audit log across instances (PostgreSQL)", () => {
  let first: Database & { schema: string };
  const others: Database[] = [];
  beforeAll(async () => {
    first = await freshPostgres(undefined, WRITERS + 2);
    await migrate(first.db);
    for (let i = 1; i < INSTANCES; i++)
      others.push(await openDatabase({ kind: "postgres", url: TEST_PG_URL, schema: first.schema, max: WRITERS + 2 }));
  });
  afterAll(async () => {
    for (const o of others) await o.close();
    await first.close();
  });

  it("4 instances × 8 writers × 500 entries at once: one log, no fork, no deadlock, and the bundle verifies", async () => {
    process.env.AUDIT_CHECKPOINT_EVERY = "1000";
    const instances = [first, ...others];
    let writing = true;
    const errors: unknown[] = [];
    const checkpoints = instances.map(async (inst) => {
      while (writing) {
        await makeCheckpoint(inst.db).catch((e: unknown) => errors.push(e));
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    const started = Date.now();
    await Promise.all(
      instances.flatMap((inst, i) =>
        Array.from({ length: WRITERS }, async (_, w) => {
          for (let k = 0; k < EACH; k++)
            await insertAudit(inst.db, {
              actor: { userId: `u${i}-${w}`, email: `writer${w}@instance${i}.test`, role: "admin" },
              action: "approveSubmission",
              targetId: `sub_${i}_${w}_${k}`,
              result: "ok",
            }).catch((e: unknown) => errors.push(e));
        }),
      ),
    );
    writing = false;
    await Promise.all(checkpoints);
    const seconds = (Date.now() - started) / 1000;
    expect(errors.map(String)).toEqual([]);
    const total = INSTANCES * WRITERS * EACH;
    const [log] = await queryRows<{ n: string; distinct_seq: string; lo: string; hi: string }>(
      first.db,
      sql`select count(*) as n, count(distinct seq) as distinct_seq, min(seq) as lo, max(seq) as hi from console_audit_log`,
    );
    expect(log).toMatchObject({ n: String(total), distinct_seq: String(total), lo: "0", hi: String(total - 1) });
    const [audit] = await queryRows<{ n: string; missing: string }>(
      first.db,
      sql`select count(*) as n, count(*) filter (where not exists (select 1 from console_audit_log l where l.audit_id = a.id)) as missing from console_audit a`,
    );
    expect(audit).toMatchObject({ n: String(total), missing: "0" });
    const [head] = await queryRows<{ size: string }>(first.db, sql`select size from console_audit_head`);
    expect(Number(head?.size)).toBe(total);

    const verifier = new BundleVerifier();
    for await (const line of bundleLines(others[0]?.db ?? first.db, { fromMs: 0, toMs: Number.MAX_SAFE_INTEGER }))
      verifier.line(line);
    const verdict = verifier.finish();
    expect(verdict).toMatchObject({ ok: true, entries: total, treeSize: total });
    console.log(
      `audit log: ${total} entries from ${INSTANCES * WRITERS} writers in ${seconds.toFixed(1)} s; ${verdict.summary}`,
    );
  }, 300_000);
});
