/**
 * The audit trail's own limits (finding 12 of the security review), on the machine's
 * PostgreSQL: failed sign-ins for unknown emails are one row per address and hour that counts
 * its repeats, and retention removes rows by age and past a row cap.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { queryRows, type Database } from "@/lib/db/database";
import { freshPostgres } from "@/lib/service/testing/harness";
import { insertAudit, pruneAudit } from "./audit";

describe("audit flood and retention (PostgreSQL)", () => {
  let a: Database & { schema: string };
  beforeAll(async () => {
    a = await freshPostgres();
    await migrate(a.db);
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

  it("keeps the trail for the configured days and no more than its row cap", async () => {
    await a.db.execute(sql`delete from console_audit`);
    for (let i = 0; i < 12; i++) {
      await insertAudit(a.db, {
        actor: null,
        email: "x@example.com",
        action: "signIn",
        result: "ok",
        at: new Date(Date.now() - i * 86_400_000),
      });
    }
    await pruneAudit(a.db, 10, 1000);
    expect((await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from console_audit`))[0].n).toBe(10);
    await pruneAudit(a.db, 365, 4);
    const left = await queryRows<{ at: Date }>(a.db, sql`select at from console_audit order by at desc`);
    expect(left).toHaveLength(4);
    expect(new Date(left[3].at).getTime()).toBeGreaterThan(Date.now() - 4 * 86_400_000);
  });
});
