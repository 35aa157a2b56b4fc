/**
 * The running counts of migration 0017 (decision D6.6) on real PostgreSQL: after a random
 * sequence of creates and moves over several days, every rollup equals a recount of the rows, and
 * the lists' totals, include=totals and the summary over random ranges equal what the rows say.
 */
import Decimal from "decimal.js";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SETTLEMENT_STATUSES } from "@/lib/state-machine";
import { queryRows } from "@/lib/db/database";
import { createTestService, type TestService } from "../testing/harness";
import { call, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";
import { VALID } from "@/lib/schemas/test-fixtures";

const HOUR = 3_600_000;

type Op =
  | { kind: "create"; body: keyof typeof BODIES }
  | { kind: "move"; pick: number; status: string }
  | { kind: "complete"; pick: number }
  | { kind: "disburse"; cents: number }
  | { kind: "v1"; cents: number }
  | { kind: "wait"; hours: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("create" as const),
      body: fc.constantFrom(...(Object.keys(BODIES) as Array<keyof typeof BODIES>)),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("move" as const),
      pick: fc.nat(),
      status: fc.constantFrom(...SETTLEMENT_STATUSES),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("complete" as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("disburse" as const), cents: fc.integer({ min: 1, max: 5000 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("v1" as const), cents: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("wait" as const), hours: fc.integer({ min: 1, max: 30 }) }) },
);

async function apply(s: TestService, ids: string[], o: Op): Promise<void> {
  const pick = (n: number) => ids[n % ids.length];
  switch (o.kind) {
    case "create": {
      const res = await call(s, "POST", "/v0/settlement-requests", BODIES[o.body]);
      if (res.status === 201) ids.push(String(res.body.id));
      return;
    }
    case "move":
      if (ids.length)
        await call(s, "PATCH", `/v0/sandbox/settlement-requests/${pick(o.pick)}/status`, { status: o.status });
      return;
    case "complete":
      if (ids.length) {
        await call(s, "PATCH", `/v0/sandbox/settlement-requests/${pick(o.pick)}/status`, { status: "SETTLEMENT_SENT" });
        await call(s, "PUT", `/v0/settlement-requests/${pick(o.pick)}`, { status: "COMPLETED" });
      }
      return;
    case "disburse":
      await call(s, "POST", "/v0/disbursements", {
        wallet_address: VALID.solana,
        amount: new Decimal(o.cents).div(100).toFixed(2),
        currency: "USDC",
      });
      return;
    case "v1":
      await call(s, "POST", "/v1/payments", {
        type: "LIQUIDITY",
        amount: o.cents / 100,
        currency_code: "USDC",
        chain: "SOLANA",
        destination_wallet: VALID.solana,
      });
      return;
    case "wait":
      await s.advance(o.hours * HOUR);
      return;
  }
}

/** Every rollup as stored (shards added up), and the same figures recounted from the rows. */
const STORED = sql`
  SELECT source, account_id, environment, day::text, status, kind, currency, currency2, sum(n)::text AS n, sum(amount) AS amount, sum(amount2) AS amount2
    FROM daily_rollups GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0
  UNION ALL
  SELECT 'settled', account_id, environment, day::text || '/' || completed_day::text, '', '', currency, currency2, sum(n)::text, sum(amount2), sum(fee)
    FROM settled_rollups GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0
  UNION ALL
  SELECT 'times', account_id, environment, day::text, '', seconds::text, '', '', sum(n)::text, 0, 0
    FROM settle_time_rollups GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0
  UNION ALL
  SELECT 'all ' || source, account_id, environment, '', status, kind, currency, currency2, sum(n)::text, sum(amount), sum(amount2)
    FROM total_rollups GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0`;
const RECOUNTED = sql`
  SELECT 'settlement_requests' AS source, account_id, environment, (created_at AT TIME ZONE 'UTC')::date::text AS day, status, '' AS kind,
         COALESCE(payment_instructions->>'currency', '') AS currency, COALESCE(payment_instructions->>'destination_currency', '') AS currency2,
         count(*)::text AS n, COALESCE(sum((payment_instructions->>'amount')::numeric), 0) AS amount,
         COALESCE(sum((payment_instructions->>'destination_amount')::numeric), 0) AS amount2
    FROM settlement_requests GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'payments', account_id, environment, (created_at AT TIME ZONE 'UTC')::date::text, status, type, currency, '', count(*)::text, sum(amount), 0
    FROM payments GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'disbursements', account_id, environment, (created_at AT TIME ZONE 'UTC')::date::text, status, '', currency, '', count(*)::text, sum(amount), 0
    FROM disbursements GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'v1_payments', account_id, environment, (created_at AT TIME ZONE 'UTC')::date::text, status, '', currency_code, '', count(*)::text, sum(amount), 0
    FROM v1_payments GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'settled', account_id, environment, (created_at AT TIME ZONE 'UTC')::date::text || '/' || (completed_at AT TIME ZONE 'UTC')::date::text, '', '',
         COALESCE(payment_instructions->>'currency', ''), COALESCE(payment_instructions->>'destination_currency', ''), count(*)::text,
         COALESCE(sum((payment_instructions->>'destination_amount')::numeric), 0), COALESCE(sum((payment_instructions->'fee'->>'total')::numeric), 0)
    FROM settlement_requests WHERE status IN ('REQUEST_COMPLETED', 'SETTLEMENT_COMPLETED') AND completed_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'times', account_id, environment, (created_at AT TIME ZONE 'UTC')::date::text, '', settle_bucket(extract(epoch FROM completed_at - created_at))::text, '', '',
         count(*)::text, 0, 0
    FROM settlement_requests WHERE status IN ('REQUEST_COMPLETED', 'SETTLEMENT_COMPLETED') AND completed_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'all settlement_requests', account_id, environment, '', status, '', COALESCE(payment_instructions->>'currency', ''),
         COALESCE(payment_instructions->>'destination_currency', ''), count(*)::text,
         COALESCE(sum((payment_instructions->>'amount')::numeric), 0), COALESCE(sum((payment_instructions->>'destination_amount')::numeric), 0)
    FROM settlement_requests GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'all payments', account_id, environment, '', status, type, currency, '', count(*)::text, sum(amount), 0
    FROM payments GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'all disbursements', account_id, environment, '', status, '', currency, '', count(*)::text, sum(amount), 0
    FROM disbursements GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  UNION ALL
  SELECT 'all v1_payments', account_id, environment, '', status, '', currency_code, '', count(*)::text, sum(amount), 0
    FROM v1_payments GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`;

type Row = Record<string, string | number>;
const normal = (rows: Row[]) =>
  rows
    .map((r) =>
      JSON.stringify({ ...r, amount: new Decimal(r.amount).toFixed(), amount2: new Decimal(r.amount2).toFixed() }),
    )
    .sort();

/** Whole days and instants within the test's span, so ranges hit both rollups and edges. */
const instant = (start: number, span: number) =>
  fc.oneof(
    fc
      .integer({ min: 0, max: Math.ceil(span / 86_400_000) })
      .map((d) => new Date(start + d * 86_400_000).toISOString().slice(0, 10)),
    fc.integer({ min: 0, max: span }).map((ms) => new Date(start + ms).toISOString()),
  );

describe("running counts (PostgreSQL)", () => {
  it("equal a recount of the rows after any sequence of creates and moves, and answer every range as the rows do", {
    timeout: 300_000,
  }, async () => {
    const start = Date.parse("2026-11-01T10:00:00Z");
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 25, maxLength: 60 }),
        fc.array(fc.tuple(instant(start, 12 * 86_400_000), instant(start, 12 * 86_400_000)), {
          minLength: 4,
          maxLength: 4,
        }),
        async (ops, ranges) => {
          const s = await createTestService({ driver: "postgres", start: new Date(start).toISOString() });
          try {
            const ids: string[] = [];
            for (const o of ops) await apply(s, ids, o);
            expect(normal(await queryRows<Row>(s.deps.db, STORED))).toEqual(
              normal(await queryRows<Row>(s.deps.db, RECOUNTED)),
            );
            for (const [i, [a, b]] of ranges.entries()) {
              const [from, to] = a < b ? [a, b] : [b, a];
              // The first range has no start and the second no bounds at all: they read total_rollups.
              const bounds = [
                ...(i > 1 ? [`created_from=${encodeURIComponent(from)}`] : []),
                ...(i !== 1 ? [`created_to=${encodeURIComponent(to)}`] : []),
              ];
              const range = bounds.join("&");
              const listed = await call(s, "GET", `/v0/settlement-requests?include=totals&page_size=100&${range}`);
              const all = listed.body.data as Json[];
              const pagination = listed.body.pagination as Json;
              expect(pagination.total).toBe(all.length);
              const payerSends = new Map<string, Decimal>();
              for (const r of all) {
                const i = r.payment_instructions as Json;
                payerSends.set(
                  String(i.currency),
                  (payerSends.get(String(i.currency)) ?? new Decimal(0)).plus(String(i.amount)),
                );
              }
              const totals = listed.body.totals as {
                count: number;
                payer_sends: Array<{ currency: string; amount: string }>;
              };
              expect(totals.count).toBe(all.length);
              expect(
                Object.fromEntries(totals.payer_sends.map((p) => [p.currency, new Decimal(p.amount).toFixed()])),
              ).toEqual(Object.fromEntries([...payerSends].map(([c, v]) => [c, v.toFixed()])));
              const payments = await call(s, "GET", `/v0/payments?status=COMPLETED&page_size=100&${range}`);
              expect((payments.body.pagination as Json).total).toBe((payments.body.data as Json[]).length);
              if (i <= 1) continue;
              const summary = (
                await call(s, "GET", `/v0/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
              ).body;
              expect(summary.total).toBe(all.length);
              const settled = all.filter(
                (r) => r.status === "REQUEST_COMPLETED" || r.status === "SETTLEMENT_COMPLETED",
              ).length;
              expect(summary.settled).toBe(settled);
            }
          } finally {
            await s.close();
          }
        },
      ),
      { numRuns: 4 },
    );
  });
});
