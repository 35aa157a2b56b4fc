import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { DISBURSEMENT_CSV_COLUMNS, PAYMENT_CSV_COLUMNS, SETTLEMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { statementParts } from "@/lib/reconciliation/close";
import { monthIn } from "@/lib/dates/calendar";
import { env } from "@/lib/env";
import { atCurrencyPlaces } from "@/lib/money/decimal";
import { STABLECOINS, type Environment } from "@/lib/schemas/catalog";
import { exportRows } from "@/lib/settlement-api";
import { REPORT_IDS, type ReportId } from "./catalog";

/**
 * What each report holds (issue 46, decisions D24.10): its columns, and its rows as a stream,
 * read as they come (the API's streamed export, one call a report, issue 57; or the database by
 * keyset), so a report over a million rows never holds them. Amounts are the API's decimal strings in major units, each with its
 * currency column. Identical in sandbox and production.
 */
export type ReportContext = { db: Executor; environment: Environment; period: string };
export type ReportDefinition = {
  columns: readonly string[];
  rows: (ctx: ReportContext) => AsyncGenerator<Array<string | null | undefined>>;
};

/**
 * A merchant's month as the list's window: its first instant (`created_from`, included) and the
 * next month's (`created_to`, excluded), both in MERCHANT_TIME_ZONE, so a report of December
 * holds exactly what was created in December where the merchant is (issue 57).
 */
const monthOf = (period: string) => {
  const { start, end } = monthIn(env().MERCHANT_TIME_ZONE, period);
  return [start.toISOString(), end.toISOString()] as const;
};

export const REPORT_DEFINITIONS: Record<ReportId, ReportDefinition> = {
  settlement_requests: {
    columns: SETTLEMENT_CSV_COLUMNS.map((c) => c.header),
    async *rows({ environment, period }) {
      for await (const r of exportRows(environment, "settlement-requests", ...monthOf(period)))
        yield SETTLEMENT_CSV_COLUMNS.map((c) => c.value(r));
    },
  },
  payments: {
    columns: PAYMENT_CSV_COLUMNS.map((c) => c.header),
    async *rows({ environment, period }) {
      for await (const p of exportRows(environment, "payments", ...monthOf(period)))
        yield PAYMENT_CSV_COLUMNS.map((c) => c.value(p));
    },
  },
  disbursements: {
    columns: DISBURSEMENT_CSV_COLUMNS.map((c) => c.header),
    async *rows({ environment, period }) {
      for await (const d of exportRows(environment, "disbursements", ...monthOf(period)))
        yield DISBURSEMENT_CSV_COLUMNS.map((c) => c.value(d));
    },
  },
  balance_statement: {
    columns: [
      "currency",
      "seq",
      "created_at",
      "kind",
      "total_delta",
      "available_delta",
      "reserved_delta",
      "ref_type",
      "ref_id",
      "balance_after",
    ],
    async *rows({ environment, period }) {
      for (const currency of STABLECOINS) {
        const errors: string[] = [];
        const { start, end } = monthIn(env().MERCHANT_TIME_ZONE, period);
        const parts = await statementParts(
          environment,
          currency,
          { start: start.getTime(), end: end.getTime() },
          errors,
        );
        if (errors.length > 0) throw new Error(errors.join(" "));
        for (const part of parts)
          for (const e of part.entries)
            yield [
              currency,
              String(e.seq),
              e.created_at,
              e.kind,
              atCurrencyPlaces(e.total_delta, currency),
              atCurrencyPlaces(e.available_delta, currency),
              atCurrencyPlaces(e.reserved_delta, currency),
              e.ref_type,
              e.ref_id,
              atCurrencyPlaces(e.balance_after.total, currency),
            ];
      }
    },
  },
  reconciliation: {
    columns: [
      "record",
      "id",
      "kind",
      "reasons",
      "expected_ids",
      "movement_ids",
      // What an accountant posts from (issue 59): the invoice and the payment themselves, not only their ids.
      "expected_reference",
      "expected_counterparty",
      "expected_amount",
      "movement_date",
      "movement_amount",
      "movement_counterparty",
      "movement_reference",
      "difference",
      "currency",
      "status",
      "note",
      "by",
      "at",
    ],
    async *rows({ db, environment, period }) {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const page: Array<{
          id: string;
          strategy: string;
          kind: string;
          reasons: string[];
          expected_ids: string[];
          actual_ids: string[];
          difference: string;
          currency: string;
          note: string | null;
          made_by: string | null;
          at: string;
        }> = await queryRows(
          db,
          sql`select id, strategy, kind, reasons, expected_ids, actual_ids, difference::text as difference, currency, note, made_by,
                     to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
                from console_recon_matches
               where environment = ${environment} and period = ${period} and undone_at is null
                 ${after ? sql`and (created_at, id) > (${after.at}::timestamptz, ${after.id})` : sql``}
               order by created_at, id limit 1000`,
        );
        const parts = await reconParts(db, environment, page);
        for (const m of page)
          yield [
            "match",
            m.id,
            `${m.strategy} ${m.kind}`,
            m.reasons.join(" "),
            m.expected_ids.join(" "),
            m.actual_ids.join(" "),
            ...parts.cells(m.expected_ids, m.actual_ids),
            atCurrencyPlaces(m.difference, m.currency),
            m.currency,
            "matched",
            m.note,
            m.made_by,
            m.at,
          ];
        const last = page[page.length - 1];
        if (!last || page.length < 1000) break;
        after = { at: last.at, id: last.id };
      }
      const exceptions: Array<{
        id: string;
        kind: string;
        expected_ids: string[];
        actual_ids: string[];
        difference: string | null;
        currency: string;
        status: string;
        note: string;
        resolution: string | null;
        resolved_by: string | null;
        at: string;
      }> = await queryRows(
        db,
        sql`select id, kind, expected_ids, actual_ids, difference::text as difference, currency, status, note, resolution, resolved_by,
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
              from console_recon_exceptions where environment = ${environment} and period = ${period} order by created_at, id`,
      );
      const parts = await reconParts(db, environment, exceptions);
      for (const x of exceptions)
        yield [
          "exception",
          x.id,
          x.kind,
          "",
          x.expected_ids.join(" "),
          x.actual_ids.join(" "),
          ...parts.cells(x.expected_ids, x.actual_ids),
          atCurrencyPlaces(x.difference, x.currency),
          x.currency,
          x.status,
          x.resolution ? `${x.note} ${x.resolution}` : x.note,
          x.resolved_by,
          x.at,
        ];
    },
  },
};

/**
 * The expected settlements and movements a page of matches or exceptions names, read in two
 * queries by their ids (never the month's every row), and their cells: several of one side are
 * joined with " | " in the same order as the ids.
 */
async function reconParts(
  db: Executor,
  environment: Environment,
  rows: ReadonlyArray<{ expected_ids: string[]; actual_ids: string[] }>,
) {
  const expectedIds = JSON.stringify([...new Set(rows.flatMap((r) => r.expected_ids))]);
  const movementIds = JSON.stringify([...new Set(rows.flatMap((r) => r.actual_ids))]);
  const [expected, movements] = await Promise.all([
    queryRows<{ id: string; reference: string | null; counterparty: string | null; amount: string; currency: string }>(
      db,
      sql`select id, reference, counterparty, amount::text as amount, currency from console_recon_expected
           where environment = ${environment} and id in (select jsonb_array_elements_text(${expectedIds}::jsonb))`,
    ),
    queryRows<{
      id: string;
      day: string;
      amount: string;
      currency: string;
      counterparty: string | null;
      reference: string | null;
    }>(
      db,
      sql`select id, to_char(day, 'YYYY-MM-DD') as day, amount::text as amount, currency, counterparty, reference
            from console_recon_movements
           where environment = ${environment} and id in (select jsonb_array_elements_text(${movementIds}::jsonb))`,
    ),
  ]);
  const byExpected = new Map(expected.map((e) => [e.id, e]));
  const byMovement = new Map(movements.map((m) => [m.id, m]));
  const join = <T>(ids: string[], of: Map<string, T>, cell: (row: T) => string | null) =>
    ids
      .map((id) => of.get(id))
      .map((row) => (row ? (cell(row) ?? "") : ""))
      .join(" | ");
  return {
    cells: (eIds: string[], mIds: string[]): string[] => [
      join(eIds, byExpected, (e) => e.reference),
      join(eIds, byExpected, (e) => e.counterparty),
      join(eIds, byExpected, (e) => atCurrencyPlaces(e.amount, e.currency)),
      join(mIds, byMovement, (m) => m.day),
      join(mIds, byMovement, (m) => atCurrencyPlaces(m.amount, m.currency)),
      join(mIds, byMovement, (m) => m.counterparty),
      join(mIds, byMovement, (m) => m.reference),
    ],
  };
}

export { REPORT_IDS };
