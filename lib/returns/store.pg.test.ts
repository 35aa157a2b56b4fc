/**
 * The returns' decisions on the machine's PostgreSQL (decisions D25.9): one decision a payin,
 * kept against a second person's at the same moment; a completed return marked refunded once
 * across instances; the queue's reads on their indexes with 100,000 decisions and submissions
 * behind them.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { twoInstancesPerSuite } from "@/test/console-postgres";
import { queryRows } from "@/lib/db/database";
import {
  claimRefunded,
  decisionsFor,
  recentDecisionsStatement,
  recordDecision,
  returnsByDisbursement,
  submissionOutcomesStatement,
  type NewDecision,
} from "./store";

const decision = (over: Partial<NewDecision> = {}): NewDecision => ({
  requestId: "req-1",
  externalId: "inv-1",
  kind: "overpaid",
  decision: "return",
  mode: "excess",
  amount: "25.5",
  currency: "USDC",
  walletAddress: "0xabc",
  chain: "ETHEREUM",
  attempt: 1,
  idempotencyKey: "return-req-1-1",
  note: null,
  decidedBy: "fin@example.com",
  ...over,
});

describe("returns store (PostgreSQL, two instances)", () => {
  const { a, b } = twoInstancesPerSuite();

  it("a return stands against an accept made at the same moment; the same return sent again only fills in its disbursement", async () => {
    const [first, second] = await Promise.all([
      recordDecision(a.db, "sandbox", decision({ requestId: "race", idempotencyKey: "return-race-1" }), false),
      recordDecision(
        b.db,
        "sandbox",
        decision({ requestId: "race", decision: "accept", mode: null, idempotencyKey: null, note: "keep it" }),
        false,
      ),
    ]);
    // Exactly one of the two was recorded; the other saw it and changed nothing.
    expect([first, second].filter((d) => d !== null)).toHaveLength(1);
    const standing = (await decisionsFor(a.db, "sandbox", ["race"])).get("race");
    expect(standing?.decision).toBe((first ?? second)?.decision);

    await recordDecision(a.db, "sandbox", decision(), false);
    const again = await recordDecision(
      b.db,
      "sandbox",
      decision({ disbursementId: "d-1", disbursementStatus: "PENDING" }),
      false,
    );
    expect(again).toMatchObject({ decision: "return", disbursementId: "d-1", amount: "25.5" });
    expect(await returnsByDisbursement(a.db, "sandbox", ["d-1", "d-other"])).toEqual(
      new Map([["d-1", { requestId: "req-1", externalId: "inv-1" }]]),
    );
    // Another environment has its own decisions.
    expect((await decisionsFor(a.db, "production", ["req-1"])).size).toBe(0);
  });

  it("twenty instances' reads of a completed return claim its refund once", async () => {
    await recordDecision(a.db, "sandbox", decision({ requestId: "done", idempotencyKey: "return-done-1" }), false);
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claimRefunded(i % 2 ? a.db : b.db, "sandbox", "done")),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("reads decisions and held returns through their indexes with 100,000 rows behind them", async () => {
    await a.db.execute(sql`insert into console_payin_decisions (environment, settlement_request_id, case_kind, decision,
        amount, currency, decided_by, decided_at)
      select 'production', 'old-' || g, 'overpaid', 'accept', 1, 'USDC', 'u', now() - g * interval '1 minute'
        from generate_series(1, 100000) g`);
    await a.db.execute(sql`insert into console_submissions
      (id, environment, action, action_name, method, path, idempotency_key, facts, submitted_by, submitted_by_email,
       rule_id, rule_version, rule_name, approvals_required, approver_roles, expires_at, status)
      select 'old-' || g, 'production', 'disbursement', 'test', 'POST', '/v0/disbursements', 'key-' || g,
             '{}'::jsonb, 'u', 'u@example.com', 'r', 1, 'Rule', 1, array['admin'], now(), 'sent'
        from generate_series(1, 100000) g`);
    await a.db.execute(sql`analyze console_payin_decisions`);
    await a.db.execute(sql`analyze console_submissions`);
    const plan = async (statement: ReturnType<typeof sql>) =>
      (await queryRows<{ "QUERY PLAN": string }>(a.db, sql`explain ${statement}`))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    const recent = await plan(recentDecisionsStatement("production", 50));
    expect(recent).toContain("console_payin_decisions_recent_idx");
    expect(recent).not.toContain("Seq Scan");
    const held = await plan(submissionOutcomesStatement("production", ["key-7", "key-99"]));
    expect(held).toContain("console_submissions_idempotency_idx");
    expect(held).not.toContain("Seq Scan");
  });
});
