/**
 * CSV (RFC 4180) for exports. Cells that a spreadsheet would run as a formula are prefixed
 * with an apostrophe; amounts are written as decimal strings at their currency's places, never numbers.
 */
import { consoleError } from "@/lib/http/console-error";
import { atCurrencyPlaces } from "@/lib/money/decimal";
import { MAX_PAGE_SIZE, type Paginated } from "@/lib/schemas/list";
import type { Disbursement } from "@/lib/schemas/disbursement";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";

export type CsvColumn<T> = { header: string; value: (row: T) => string | null | undefined };

/**
 * What a spreadsheet may read as the start of a formula: = + - @, tab and carriage return, and
 * their full-width forms (＝ ＋ － ＠), which some spreadsheets fold to the ASCII ones (issue 42).
 */
export const FORMULA_LEAD = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function csvCell(value: string | null | undefined, separator = ","): string {
  let v = value ?? "";
  if (FORMULA_LEAD.test(v) && !/^-?\d+(\.\d+)?$/.test(v)) v = `'${v}`;
  return /["\r\n]/.test(v) || v.includes(separator) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv<T>(columns: CsvColumn<T>[], rows: T[], separator = ","): string {
  const lines = [columns.map((c) => csvCell(c.header, separator)).join(separator)];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row), separator)).join(separator));
  return `${lines.join("\r\n")}\r\n`;
}

export const SETTLEMENT_CSV_COLUMNS: CsvColumn<SettlementRequest>[] = [
  { header: "id", value: (r) => r.id },
  { header: "external_id", value: (r) => r.external_id },
  { header: "status", value: (r) => r.status },
  { header: "type", value: (r) => r.type },
  { header: "payment_reason", value: (r) => r.payment_reason },
  { header: "amount", value: (r) => atCurrencyPlaces(r.amount, r.source.currency) },
  { header: "amount_currency", value: (r) => r.source.currency },
  { header: "source_rail", value: (r) => r.source.rail },
  {
    header: "send_amount",
    value: (r) => atCurrencyPlaces(r.payment_instructions.amount, r.payment_instructions.currency),
  },
  { header: "send_currency", value: (r) => r.payment_instructions.currency },
  {
    header: "destination_amount",
    value: (r) =>
      atCurrencyPlaces(r.payment_instructions.destination_amount, r.payment_instructions.destination_currency),
  },
  { header: "destination_currency", value: (r) => r.payment_instructions.destination_currency },
  { header: "destination_rail", value: (r) => r.destination.rail },
  {
    header: "fee_total",
    value: (r) => atCurrencyPlaces(r.payment_instructions.fee.total, r.payment_instructions.currency),
  },
  { header: "fee_currency", value: (r) => r.payment_instructions.currency },
  { header: "inbound_payment_status", value: (r) => r.inbound_payment.status },
  { header: "outbound_payment_status", value: (r) => r.outbound_payment.status },
  { header: "created_at", value: (r) => r.created_at },
  { header: "completed_at", value: (r) => r.completed_at },
  { header: "failure_code", value: (r) => r.failure_code },
  { header: "failure_reason", value: (r) => r.failure_reason },
];

/** A payment's own side: what a payin brought in, what a payout sent. */
const sideOf = (p: Payment) => (p.type === "PAYIN" ? p.source : p.destination);

/**
 * A payment's columns, one table for the list's export and the month's report (issue 60: they
 * disagreed), every amount at its currency's places.
 */
export const PAYMENT_CSV_COLUMNS: CsvColumn<Payment>[] = [
  { header: "id", value: (p) => p.id },
  { header: "type", value: (p) => p.type },
  { header: "status", value: (p) => p.status },
  { header: "amount", value: (p) => atCurrencyPlaces(sideOf(p).amount, sideOf(p).currency) },
  { header: "currency", value: (p) => sideOf(p).currency },
  { header: "received_amount", value: (p) => atCurrencyPlaces(p.received_amount, sideOf(p).currency) },
  { header: "fee", value: (p) => atCurrencyPlaces(p.fee, sideOf(p).currency) },
  { header: "rail", value: (p) => sideOf(p).rail },
  { header: "from", value: (p) => `${p.source.currency} ${p.source.rail}` },
  { header: "to", value: (p) => `${p.destination.currency} ${p.destination.rail}` },
  { header: "transaction_hash", value: (p) => p.destination.transaction_hash ?? p.source.transaction_hash },
  { header: "settlement_request_id", value: (p) => p.settlement_request_id },
  { header: "disbursement_id", value: (p) => p.disbursement_id },
  { header: "created_at", value: (p) => p.created_at },
  { header: "completed_at", value: (p) => p.completed_at },
];

/** A disbursement's columns, one table for the list's export and the month's report. */
export const DISBURSEMENT_CSV_COLUMNS: CsvColumn<Disbursement>[] = [
  { header: "id", value: (d) => d.id },
  { header: "status", value: (d) => d.status },
  { header: "amount", value: (d) => atCurrencyPlaces(d.amount, d.currency) },
  { header: "currency", value: (d) => d.currency },
  { header: "chain", value: (d) => d.chain },
  { header: "wallet_address", value: (d) => d.wallet_address },
  { header: "destination_id", value: (d) => d.destination_id },
  { header: "payment_id", value: (d) => d.payment_id },
  { header: "failure_code", value: (d) => d.failure_reason?.code },
  { header: "failure_reason", value: (d) => d.failure_reason?.message },
  { header: "created_at", value: (d) => d.created_at },
  { header: "completed_at", value: (d) => d.completed_at },
];

/** A CSV download: `name-<environment>-<timestamp>.csv`, never cached. */
export function csvResponse(name: string, environment: string, body: string): Response {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${environment}-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}

/** An export the person may not make: the reason as JSON, with its status (403 unless said). */
export function refused(error: { code: string; message: string; status?: number }): Response {
  return consoleError(error.status ?? 403, error.code, error.message);
}

/** An export the API refused or could not serve: a plain 502 saying why (API messages are ours). */
export function exportFailed(error: { kind: string; message?: string }): Response {
  const message = error.kind === "api" ? error.message : "The settlement API could not be reached.";
  return new Response(`Export failed: ${message}\n`, {
    status: 502,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Pages a list export reads at most (of MAX_PAGE_SIZE rows each). */
const MAX_EXPORT_PAGES = 100;

export type PageResult<Row> =
  | { ok: true; data: Paginated<Row> }
  | { ok: false; error: { kind: string; message?: string } };

/**
 * A list's CSV download: every page of it (at most 100 of MAX_PAGE_SIZE) read through
 * `readPage`, the same filters as on screen; or the first failure, as exportFailed says it.
 */
export async function listCsvResponse<Row, Out = Row>(
  name: string,
  environment: string,
  columns: CsvColumn<Out>[],
  readPage: (page: number, pageSize: number) => Promise<PageResult<Row>>,
  decorate?: (rows: Row[]) => Promise<Out[]>,
): Promise<Response> {
  const rows: Row[] = [];
  for (let page = 1; page <= MAX_EXPORT_PAGES; page++) {
    const result = await readPage(page, MAX_PAGE_SIZE);
    if (!result.ok) return exportFailed(result.error);
    rows.push(...result.data.data);
    if (page >= result.data.pagination.total_pages) break;
  }
  const out = decorate ? await decorate(rows) : (rows as unknown as Out[]);
  return csvResponse(name, environment, toCsv(columns, out));
}
