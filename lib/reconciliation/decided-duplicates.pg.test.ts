/**
 * Payins paid twice, between Reconciliation and Returns (issue 64, decisions D25.9), on the
 * machine's PostgreSQL: Returns reads reconciliation's open duplicates that are payins (not
 * payouts, not worked ones); a matching run closes those Returns decided (kept as credit, or
 * returned by a disbursement) saying what became of each, leaves a return still waiting for its
 * approval open, and leaves a locked currency's month as it was; the queue's read uses its own
 * index with 100,000 exceptions behind it.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/database";
import { openDuplicatePayins, openDuplicatesStatement } from "@/lib/returns/duplicates";
import { recordDecision, type NewDecision } from "@/lib/returns/store";
import { twoInstancesPerSuite } from "@/test/console-postgres";
import { closeDecidedDuplicates } from "./decided-duplicates";

const decision = (requestId: string, over: Partial<NewDecision> = {}): NewDecision => ({
  requestId,
  externalId: "INV-7",
  kind: "duplicate",
  decision: "accept",
  mode: null,
  amount: "100",
  currency: "USDC",
  walletAddress: null,
  chain: null,
  attempt: 1,
  idempotencyKey: `accept-${requestId}-1`,
  note: "Credit on the next invoice",
  decidedBy: "fin@example.com",
  ...over,
});

describe("duplicates between Reconciliation and Returns (PostgreSQL)", () => {
  const { a } = twoInstancesPerSuite();

  async function duplicate(
    id: string,
    payment: string,
    request: string | null,
    direction: "in" | "out",
    currency = "USDC",
  ) {
    await a.db.execute(sql`insert into console_recon_movements
        (environment, id, kind, direction, amount, currency, day, reference, parent_id, state)
      values ('sandbox', ${payment}, 'payment', ${direction}, 100, ${currency}, '2026-12-03', 'INV-7', ${request}, 'exception')`);
    await a.db.execute(sql`insert into console_recon_exceptions
        (id, environment, period, kind, expected_ids, actual_ids, difference, currency, note)
      values (${id}, 'sandbox', '2026-12', 'duplicate', '[]'::jsonb, ${JSON.stringify([payment])}::jsonb, 100, ${currency}, 'paid twice')`);
  }
  const statusOf = async (id: string) =>
    (
      await queryRows<{ status: string; resolution: string | null; resolved_by: string | null }>(
        a.db,
        sql`select status, resolution, resolved_by from console_recon_exceptions where id = ${id}`,
      )
    )[0];

  it("Returns reads the open duplicates that are payins of a request, newest first", async () => {
    await duplicate("exc-kept", "pay-kept", "req-kept", "in");
    await duplicate("exc-returned", "pay-returned", "req-returned", "in");
    await duplicate("exc-held", "pay-held", "req-held", "in");
    await duplicate("exc-eur", "pay-eur", "req-eur", "in", "EURC");
    await duplicate("exc-out", "pay-out", "req-out", "out");
    await a.db.execute(
      sql`update console_recon_exceptions set created_at = now() - interval '1 minute' where id = 'exc-kept'`,
    );
    const found = await openDuplicatePayins(a.db, "sandbox", 50);
    expect(found[found.length - 1]).toEqual({ requestId: "req-kept", paymentId: "pay-kept" });
    expect(found.map((d) => d.requestId).sort()).toEqual(["req-eur", "req-held", "req-kept", "req-returned"]);
  });

  it("a run closes what Returns decided, says how, and leaves a held return and a locked month open", async () => {
    await recordDecision(a.db, "sandbox", decision("req-kept"), false);
    await recordDecision(
      a.db,
      "sandbox",
      decision("req-returned", {
        decision: "return",
        mode: "whole",
        idempotencyKey: "return-req-returned-1",
        disbursementId: "dsb_1",
        disbursementStatus: "PENDING",
        note: null,
      }),
      false,
    );
    await recordDecision(
      a.db,
      "sandbox",
      decision("req-held", {
        decision: "return",
        mode: "whole",
        idempotencyKey: "return-req-held-1",
        submissionId: "sub_1",
      }),
      false,
    );
    await recordDecision(a.db, "sandbox", decision("req-eur", { currency: "EURC" }), false);
    const closed = await a.db.transaction((tx) => closeDecidedDuplicates(tx, "sandbox", "2026-12", new Set(["EURC"])));
    expect(closed).toBe(2);
    expect(await statusOf("exc-kept")).toEqual({
      status: "resolved",
      resolution: "Kept as the payer's credit (Returns): Credit on the next invoice",
      resolved_by: "fin@example.com",
    });
    expect(await statusOf("exc-returned")).toMatchObject({
      status: "resolved",
      resolution: "Returned to the payer (Returns): disbursement dsb_1",
    });
    expect((await statusOf("exc-held"))?.status).toBe("open");
    expect((await statusOf("exc-eur"))?.status).toBe("open");
    const states = await queryRows<{ id: string; state: string }>(
      a.db,
      sql`select id, state from console_recon_movements where id in ('pay-kept', 'pay-held') order by id`,
    );
    expect(states).toEqual([
      { id: "pay-held", state: "exception" },
      { id: "pay-kept", state: "resolved" },
    ]);
    // Read again, nothing more to close.
    // Run again with the month unlocked: only the EURC one, now closable, is closed; the held return stays.
    expect(await closeDecidedDuplicates(a.db, "sandbox", "2026-12", new Set())).toBe(1);
  });

  it("reads the open duplicates through their own index with 100,000 exceptions behind them", async () => {
    await a.db.execute(sql`insert into console_recon_exceptions
        (id, environment, period, kind, expected_ids, actual_ids, difference, currency, note, status)
      select 'old-' || g, 'sandbox', '2026-11', case when g % 3 = 0 then 'duplicate' else 'late' end, '[]'::jsonb,
             jsonb_build_array('m-' || g), 1, 'USDC', 'old', case when g % 1000 = 0 then 'open' else 'resolved' end
        from generate_series(1, 100000) g`);
    await a.db.execute(sql`analyze console_recon_exceptions`);
    const plan = (
      await queryRows<{ "QUERY PLAN": string }>(a.db, sql`explain ${openDuplicatesStatement("sandbox", 50)}`)
    )
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    expect(plan).toContain("console_recon_exceptions_duplicates_idx");
    expect(plan).not.toMatch(/Seq Scan on console_recon_exceptions/);
  });
});
