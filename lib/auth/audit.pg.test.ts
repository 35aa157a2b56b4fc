/**
 * The audit trail's own limits (finding 12 of the security review), on the machine's
 * PostgreSQL: failed sign-ins for unknown emails are one row per address and hour that counts
 * its repeats, and retention removes rows by age and past a row cap.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPostgres } from "@/test/console-postgres";
import { queryRows, type Database } from "@/lib/db/database";
import { insertAudit, pruneAudit } from "./audit";

describe("audit flood and retention (PostgreSQL)", () => {
  let a: Database & { schema: string };
  beforeAll(async () => {
    a = await migratedPostgres();
  });
  afterAll(() => a.close());

  it("an audit flood of unknown-email sign-ins is one row per address and hour, counting its repeats", async () => {
    const at = new Date("2026-11-26T10:15:00Z");
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        insertAudit(a.db, {
          actor: null,
          email: "unknown emails",
          action: "signIn",
          result: "invalid_credentials",
          rollUp: "sign-in:203.0.113.9",
          at: new Date(at.getTime() + i * 1000),
        }),
      ),
    );
    await insertAudit(a.db, {
      actor: null,
      email: "unknown emails",
      action: "signIn",
      result: "invalid_credentials",
      rollUp: "sign-in:198.51.100.1",
      at,
    });
    await insertAudit(a.db, {
      actor: null,
      email: "unknown emails",
      action: "signIn",
      result: "invalid_credentials",
      rollUp: "sign-in:203.0.113.9",
      at: new Date("2026-11-26T11:01:00Z"),
    });
    const rows = await queryRows<{ repeats: number; at: Date }>(
      a.db,
      sql`select repeats, at from console_audit where action = 'signIn' order by at`,
    );
    expect(rows.map((r) => r.repeats).sort((x, y) => x - y)).toEqual([1, 1, 50]);
  });

  it("keeps the trail for the configured days; past its row cap only sign-in noise goes, never an approval or a key (issue 42)", async () => {
    await a.db.execute(sql`delete from console_audit`);
    for (let i = 0; i < 12; i++) {
      await insertAudit(a.db, {
        actor: null,
        email: "x@example.com",
        action: i % 2 ? "approveSubmission" : "signIn",
        result: i % 2 ? "ok" : "invalid_credentials",
        at: new Date(Date.now() - i * 86_400_000),
      });
    }
    await pruneAudit(a.db, 10, 1000);
    expect((await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from console_audit`))[0].n).toBe(10);
    // a flood of refusals today: 200 rows of noise
    for (let i = 0; i < 200; i++)
      await insertAudit(a.db, {
        actor: null,
        email: `flood-${i}@example.com`,
        action: "signIn",
        result: "too_many_attempts",
      });
    await pruneAudit(a.db, 365, 4);
    const left = await queryRows<{ action: string }>(a.db, sql`select action from console_audit order by at desc`);
    // every approval of the last ten days is still there; of the noise, only the newest 4
    expect(left.filter((r) => r.action === "approveSubmission")).toHaveLength(5);
    expect(left.filter((r) => r.action === "signIn")).toHaveLength(4);
  });

  it("the cap's cutoff reads the noise rows' own index, not the whole trail", async () => {
    await a.db.execute(sql`insert into console_audit (id, at, action, result, repeats)
      select 'n' || g, now() - make_interval(secs => g), case when g % 3 = 0 then 'approveSubmission' else 'signIn' end,
             case when g % 3 = 0 then 'ok' else 'invalid_credentials' end, 1
      from generate_series(1, 100000) g`);
    await a.db.execute(sql`analyze console_audit`);
    const plan = await queryRows<{ "QUERY PLAN": string }>(
      a.db,
      sql`explain select at from console_audit where action = 'signIn' and result <> 'ok' order by at desc offset 1000 limit 1`,
    );
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toContain("console_audit_noise_at_idx");
  });
});
