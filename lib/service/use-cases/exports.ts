import "server-only";
import type { SQL } from "drizzle-orm";
import { createdRange } from "@/lib/schemas/created-range";
import type { ExportEnd, ExportQuery } from "@/lib/schemas/export";
import type { Caller, ServiceDeps } from "../context";
import { disbursementConditions } from "../store/disbursements";
import { olderRows, type ExportCursor } from "../store/export-pages";
import { paymentConditions, paymentsOfRequests } from "../store/payments";
import { disbursements, payments, settlementRequests } from "../store/schema";
import { requestConditions } from "../store/settlement-requests";
import { disbursementToWire } from "./disbursement-view";
import { toPayment } from "./payment-view";
import { toSettlementRequest } from "./settlement-request-view";

export const EXPORT_KINDS = ["settlement-requests", "payments", "disbursements"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Rows read per statement: large enough that a month costs few, small enough that one never holds much. */
const EXPORT_PAGE = 500;

type Page = { items: unknown[]; cursor: ExportCursor | null };
type Reader = (deps: ServiceDeps, caller: Caller, query: ExportQuery, cursor: ExportCursor | null) => Promise<Page>;

/**
 * A kind's page reader: its table, the list's own conditions (the caller's rows in the window),
 * and the view GET and the list return each row as.
 */
function reader<T extends Parameters<typeof olderRows>[1]>(
  table: T,
  conditions: (caller: Caller, range: ReturnType<typeof createdRange>) => SQL | undefined,
  view: (deps: ServiceDeps, rows: T["$inferSelect"][]) => unknown[] | Promise<unknown[]>,
): Reader {
  return async (deps, caller, query, cursor) => {
    const found = await olderRows(deps.db, table, conditions(caller, createdRange(query)), cursor, EXPORT_PAGE);
    return { items: await view(deps, found.rows), cursor: found.cursor };
  };
}

/** One page of each kind, each row exactly as GET and the list return it (the same views). */
const PAGES: Record<ExportKind, Reader> = {
  "settlement-requests": reader(settlementRequests, requestConditions, async (deps, rows) => {
    const theirPayments = await paymentsOfRequests(
      deps.db,
      rows.map((r) => r.id),
    );
    const now = deps.clock.now();
    return rows.map((r) => toSettlementRequest(r, theirPayments, now));
  }),
  payments: reader(payments, paymentConditions, (_, rows) => rows.map(toPayment)),
  disbursements: reader(disbursements, disbursementConditions, (_, rows) => rows.map(disbursementToWire)),
};

/**
 * GET /v0/exports/{kind} (extension, issue 57, decisions D6.9): every row of the kind created in
 * the window, newest first (created_at desc, then id desc, as the lists), one JSON object a line,
 * read page by page by keyset so the export holds one page at a time, then the line
 * `{"object":"export_end","rows":N}`. A stream without that line was cut short: a reader must
 * not take it for the whole window. One call under the rate limit, however many rows.
 */
export async function* exportLines(
  deps: ServiceDeps,
  caller: Caller,
  kind: ExportKind,
  query: ExportQuery,
): AsyncGenerator<string> {
  let rows = 0;
  // The next page is read while this one is written out (the database's time hidden behind the
  // transfer's); a read that is never awaited, because the reader went away, is let go quietly.
  let next = PAGES[kind](deps, caller, query, null);
  for (;;) {
    const page = await next;
    const more = page.items.length === EXPORT_PAGE && page.cursor !== null;
    if (more) {
      next = PAGES[kind](deps, caller, query, page.cursor);
      next.catch(() => {});
    }
    if (page.items.length > 0) yield `${page.items.map((item) => JSON.stringify(item)).join("\n")}\n`;
    rows += page.items.length;
    if (!more) break;
  }
  const end: ExportEnd = { object: "export_end", rows };
  yield `${JSON.stringify(end)}\n`;
}
