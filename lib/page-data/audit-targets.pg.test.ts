/**
 * The audit trail's targets in words (issue 59): a person by name and email, a session by whose it
 * is, a report run by its report and month, a payee by its name; an id nothing names stays unnamed.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";
import { addPayee } from "@/lib/approvals/payees";
import { auditTargetNames } from "./audit-targets";

describe("audit targets by name (PostgreSQL)", () => {
  let a: TestDatabase;
  let payeeId = "";
  beforeAll(async () => {
    a = await migratedPostgres();
    await a.db.execute(
      sql`insert into console_users (id, name, email, role) values ('u-fiona', 'Fiona Finance', 'fiona@example.com', 'finance')`,
    );
    await a.db.execute(
      sql`insert into console_sessions (id, expires_at, token, user_id) values ('sess-1', now() + interval '1 day', 'tok-1', 'u-fiona')`,
    );
    await a.db.execute(
      sql`insert into console_report_runs (id, environment, definition, params, format, requested_by)
          values ('rpt_december', 'sandbox', 'payments', '{"period":"2026-12"}', 'csv', 'u-fiona')`,
    );
    const payee = await addPayee(a.db, {
      environment: "sandbox",
      name: "Acme treasury",
      kind: "wallet",
      currency: "USDC",
      chain: "ETHEREUM",
      address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      addedBy: "fiona@example.com",
    });
    payeeId = payee?.id ?? "";
  });
  afterAll(async () => {
    await a?.close();
  });

  it("names each kind of target, and leaves an unknown id unnamed", async () => {
    const names = await auditTargetNames(a.db, ["u-fiona", "sess-1", "rpt_december", payeeId, "rsc_gone", "nobody"]);
    expect(Object.fromEntries(names)).toEqual({
      "u-fiona": "Fiona Finance (fiona@example.com)",
      "sess-1": "a session of Fiona Finance",
      rpt_december: expect.stringMatching(/ report, 2026-12$/),
      [payeeId]: "payee “Acme treasury”",
    });
    expect((await auditTargetNames(a.db, [])).size).toBe(0);
  });
});
