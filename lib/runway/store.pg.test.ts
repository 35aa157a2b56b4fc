/**
 * The runway's reads on the machine's PostgreSQL (decisions D25.7): what the console has
 * committed and not yet sent, counted once (a held batch by its unsent rows, never also by its
 * submission), and each floor; the committed read stays on its partial indexes with 100,000
 * finished submissions and batches behind it.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { twoInstancesPerSuite } from "@/test/console-postgres";
import { queryRows } from "@/lib/db/database";
import { committedOut, committedOutStatement, floorsOf, setFloor } from "./store";

type Sub = { id: string; env?: string; action: string; status: string; currency: string; amount: string | null };

const submission = (s: Sub) => sql`insert into console_submissions
  (id, environment, action, action_name, method, path, facts, submitted_by, submitted_by_email,
   rule_id, rule_version, rule_name, approvals_required, approver_roles, expires_at, status)
  values (${s.id}, ${s.env ?? "production"}, ${s.action}, 'test', 'POST', '/v0/disbursements',
   ${JSON.stringify({ currency: s.currency, amount: s.amount })}::jsonb, 'u', 'u@example.com',
   'r', 1, 'Rule', 1, array['admin'], now() + interval '1 day', ${s.status})`;

const batch = (id: string, status: string, kind = "disbursement", submissionId: string | null = null) => sql`
  insert into console_batches (id, environment, kind, file_name, file_bytes, file_sha256, file_size, separator, header,
    row_count, status, submission_id, created_by, created_by_email)
  values (${id}, 'production', ${kind}, 'f.csv', '\\x00'::bytea, 'x', 1, ',', array['a'], 1, ${status}, ${submissionId}, 'u', 'u@example.com')`;

const row = (batchId: string, rowNo: number, amount: string, sendState: string, included = true) => sql`
  insert into console_batch_rows (batch_id, row_no, line, cells, body, currency, amount, included, send_state)
  values (${batchId}, ${rowNo}, ${rowNo + 1}, array['x'], '{}'::jsonb, 'USDC', ${amount}::numeric, ${included}, ${sendState})`;

describe("runway store (PostgreSQL)", () => {
  const { a, b } = twoInstancesPerSuite();

  it("counts payouts held or being sent and a held batch's unsent rows, once each, per environment and currency", async () => {
    const db = a.db;
    await db.execute(
      submission({ id: "s1", action: "disbursement", status: "pending", currency: "USDC", amount: "100" }),
    );
    await db.execute(
      submission({ id: "s2", action: "v1_payment", status: "pending", currency: "USDC", amount: "50.5" }),
    );
    await db.execute(
      submission({ id: "s3", action: "disbursement", status: "sending", currency: "USDT", amount: "20" }),
    );
    // Not committed: already sent (the service reserves it), not a payout, never asked for, another environment.
    await db.execute(
      submission({ id: "s4", action: "disbursement", status: "sent", currency: "USDC", amount: "1000" }),
    );
    await db.execute(
      submission({ id: "s5", action: "settlement_request", status: "pending", currency: "USDC", amount: "70" }),
    );
    await db.execute(
      submission({ id: "s6", action: "disbursement", status: "offered", currency: "USDC", amount: "30" }),
    );
    await db.execute(
      submission({
        id: "s7",
        env: "sandbox",
        action: "disbursement",
        status: "pending",
        currency: "USDC",
        amount: "5",
      }),
    );
    // A held batch: its submission carries the total, its rows are what is counted.
    await db.execute(
      submission({ id: "s8", action: "disbursement", status: "pending", currency: "USDC", amount: "725" }),
    );
    await db.execute(batch("b1", "held", "disbursement", "s8"));
    await db.execute(row("b1", 1, "100", "waiting"));
    await db.execute(row("b1", 2, "200", "sent"));
    await db.execute(row("b1", 3, "400", "waiting", false));
    await db.execute(row("b1", 4, "25", "sending"));
    // Not committed: a batch still in review, one finished, one of settlement requests.
    await db.execute(batch("b2", "review"));
    await db.execute(row("b2", 1, "9000", "waiting"));
    await db.execute(batch("b3", "done"));
    await db.execute(row("b3", 1, "9000", "waiting"));
    await db.execute(batch("b4", "sending", "settlement_request"));
    await db.execute(row("b4", 1, "9000", "waiting"));

    const production = await committedOut(b.db, "production");
    expect(Object.fromEntries(production)).toEqual({ USDC: "275.5", USDT: "20" });
    expect(Object.fromEntries(await committedOut(b.db, "sandbox"))).toEqual({ USDC: "5" });
  });

  it("keeps one floor per environment and currency: set, replaced (saying what it was), removed", async () => {
    expect(await setFloor(a.db, "production", "USDC", "5000", "admin@example.com")).toBeNull();
    expect(await setFloor(b.db, "production", "USDC", "7500.25", "other@example.com")).toBe("5000");
    await setFloor(a.db, "sandbox", "USDC", "10", "admin@example.com");
    expect(await floorsOf(a.db, "production")).toEqual([
      expect.objectContaining({ currency: "USDC", amount: "7500.25", setBy: "other@example.com" }),
    ]);
    expect(await setFloor(a.db, "production", "USDC", null, "admin@example.com")).toBe("7500.25");
    expect(await floorsOf(a.db, "production")).toEqual([]);
    expect((await floorsOf(a.db, "sandbox")).map((f) => f.amount)).toEqual(["10"]);
    await expect(setFloor(a.db, "sandbox", "USDT", "-1", "admin@example.com")).rejects.toThrow();
  });

  it("reads what waits through its partial indexes, not the 100,000 finished submissions and batches", async () => {
    await a.db.execute(sql`insert into console_submissions
      (id, environment, action, action_name, method, path, facts, submitted_by, submitted_by_email,
       rule_id, rule_version, rule_name, approvals_required, approver_roles, expires_at, status)
      select 'old-' || g, 'production', 'disbursement', 'test', 'POST', '/v0/disbursements',
             '{"currency":"USDC","amount":"1"}'::jsonb, 'u', 'u@example.com', 'r', 1, 'Rule', 1, array['admin'],
             now(), case when g % 2 = 0 then 'sent' else 'denied' end
        from generate_series(1, 100000) g`);
    await a.db.execute(sql`insert into console_batches (id, environment, kind, file_name, file_bytes, file_sha256, file_size,
        separator, header, row_count, status, created_by, created_by_email)
      select 'old-b-' || g, 'production', 'disbursement', 'f.csv', '\\x00'::bytea, 'x', 1, ',', array['a'], 1, 'done', 'u', 'u@example.com'
        from generate_series(1, 100000) g`);
    await a.db.execute(sql`analyze console_submissions`);
    await a.db.execute(sql`analyze console_batches`);
    await a.db.execute(sql`analyze console_batch_rows`);
    const plan = (await queryRows<{ "QUERY PLAN": string }>(a.db, sql`explain ${committedOutStatement("production")}`))
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    expect(plan).toContain("console_submissions_open_money_idx");
    expect(plan).toContain("console_batches_committed_idx");
    expect(plan).not.toMatch(/Seq Scan on console_(submissions|batches)\b/);
    expect(Object.fromEntries(await committedOut(a.db, "production"))).toEqual({ USDC: "275.5", USDT: "20" });
  });
});
