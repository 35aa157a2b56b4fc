/**
 * A batch file's rows as API calls (issue 32, decisions D20.1): cells become the create body by
 * their dotted column names, the body is checked with the very schemas the forms and the
 * service use (checksums included), and each problem is put on the column it is about. Also the
 * duplicates within one file and the totals per currency. Pure and browser-safe.
 */
import Decimal from "decimal.js";
import { disbursementCreateSchema } from "@/lib/schemas/disbursement";
import { destinationIdOf, walletId, type DestinationFields, type DestinationId } from "@/lib/schemas/destination-id";
import { issuePath } from "@/lib/schemas/error";
import { settlementRequestCreateSchema } from "@/lib/schemas/settlement-request";
import { knownColumn, type BatchKind } from "./templates";

export type CellProblem = { column: string; message: string };

export type CheckedRow = {
  /** The body the row stands for (what would be sent), or null when no body could be made. */
  body: Record<string, unknown>;
  problems: CellProblem[];
  /** Currency and amount the row moves (for totals and the approval rules), when readable. */
  currency: string | null;
  amount: string | null;
  /** Who is paid: a wallet or a bank account, as one key (for duplicates). */
  payee: string | null;
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === "string" && v.trim().length > 0 ? v.trim() : null);

const BOOLEAN_COLUMNS = new Set(["destination.is_third_party"]);

/** The body of one row: each non-empty cell set at its column's path (cells trimmed). */
/** Columns holding a code, read in any case (issue 44: "usdc" is USDC); addresses keep theirs. */
const CODE_KEYS = new Set(["currency", "chain", "rail", "type", "payment_reason", "account_type", "country_code"]);

export function bodyOfCells(
  header: readonly string[],
  cells: readonly string[],
  /** Only these columns go into the call (issue 44: any other column of the file is kept, not sent). */
  sent: (column: string) => boolean = () => true,
): Record<string, unknown> {
  const body: Obj = {};
  header.forEach((column, i) => {
    const raw = (cells[i] ?? "").trim();
    if (raw === "" || column === "" || !sent(column)) return;
    const value: unknown = BOOLEAN_COLUMNS.has(column)
      ? /^(true|yes|1)$/i.test(raw)
        ? true
        : /^(false|no|0)$/i.test(raw)
          ? false
          : raw
      : CODE_KEYS.has(column.split(".").at(-1) ?? "")
        ? raw.toUpperCase()
        : raw;
    const keys = column.split(".");
    let at = body;
    keys.slice(0, -1).forEach((k) => {
      if (typeof at[k] !== "object" || at[k] === null) at[k] = {};
      at = at[k] as Obj;
    });
    at[keys[keys.length - 1]] = value;
  });
  return body;
}

/** The column a problem at `path` is about: the column itself, else the first column under it, else the path. */
export function columnOf(header: readonly string[], path: string): string {
  if (path === "") return header[0] ?? "row";
  if (header.includes(path)) return path;
  return header.find((c) => c.startsWith(`${path}.`)) ?? path;
}

const REQUIRED = /expected (string|boolean|number|object), received undefined|received undefined/;

/** "Required" beats zod's wording for a missing cell; the rest are the schemas' own messages. */
function readable(message: string): string {
  return REQUIRED.test(message) ? "Required: this cell is empty" : message;
}

/** What a row moves, as the approval rules read it: a disbursement's amount, a request's amount in its source currency (else its destination amount). */
export function movedBy(kind: BatchKind, body: Obj): { currency: string | null; amount: string | null } {
  if (kind === "disbursement") return { currency: str(body.currency), amount: str(body.amount) };
  const destination = obj(body.destination);
  const source = obj(body.source);
  const type = str(body.type);
  const amount = str(body.amount);
  if (amount)
    return {
      currency:
        str(source.currency) ??
        (type === "FIAT_TO_STABLECOIN" || type === "FIAT_TO_FIAT" ? "USD" : str(destination.currency)),
      amount,
    };
  return { currency: str(destination.currency), amount: str(destination.amount) };
}

/** The account a row pays (the one destination identity: lib/schemas/destination-id.ts). */
export function payeeOf(kind: BatchKind, body: Obj): DestinationId | null {
  if (kind === "disbursement") {
    const wallet = str(body.wallet_address);
    return wallet ? walletId(wallet) : null;
  }
  return destinationIdOf(obj(body.destination) as DestinationFields);
}

/** Checks one row with the create schema of its kind. */
export function checkRow(kind: BatchKind, header: readonly string[], cells: readonly string[]): CheckedRow {
  const body = bodyOfCells(header, cells, (column) => knownColumn(kind, column));
  const schema = kind === "disbursement" ? disbursementCreateSchema : settlementRequestCreateSchema;
  const parsed = schema.safeParse(body);
  const problems: CellProblem[] = [];
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = columnOf(header, issuePath(issue.path));
      const message = readable(issue.message);
      const key = `${column}\u0000${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push({ column, message });
    }
  }
  const moved = movedBy(kind, body);
  let amount = moved.amount;
  try {
    amount = amount === null ? null : new Decimal(amount).toFixed();
  } catch {
    amount = null;
  }
  return { body, problems, currency: moved.currency, amount, payee: payeeOf(kind, body) };
}

/** For each row (by index), the row it repeats (same payee, amount and currency earlier in the file), or null. */
export function duplicatesOf(
  rows: ReadonlyArray<{
    payee: string | null;
    currency: string | null;
    amount: string | null;
    rowNo: number;
    included: boolean;
  }>,
): Map<number, number> {
  const first = new Map<string, number>();
  const repeats = new Map<number, number>();
  for (const row of rows) {
    if (!row.included || !row.payee || !row.amount || !row.currency) continue;
    const key = `${row.payee}|${row.currency}|${new Decimal(row.amount).toFixed()}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, row.rowNo);
    else repeats.set(row.rowNo, earlier);
  }
  return repeats;
}

/** Sum per currency of the rows given (decimal strings, sorted by currency). */
export function totalsByCurrency(
  rows: ReadonlyArray<{ currency: string | null; amount: string | null }>,
): Array<{ currency: string; amount: string; count: number }> {
  const sums = new Map<string, { amount: Decimal; count: number }>();
  for (const row of rows) {
    if (!row.currency || !row.amount) continue;
    const s = sums.get(row.currency) ?? { amount: new Decimal(0), count: 0 };
    s.amount = s.amount.plus(row.amount);
    s.count++;
    sums.set(row.currency, s);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, s]) => ({ currency, amount: s.amount.toFixed(), count: s.count }));
}

const short = (v: string) => (v.length <= 14 ? v : `${v.slice(0, 6)}…${v.slice(-4)}`);

/** Who a row pays, in a few words: the beneficiary's name or the account's ends ("Ada Lovelace", "0x5aAe…eAed"). */
export function payeeLabel(kind: BatchKind, body: Record<string, unknown>): string {
  const d = kind === "disbursement" ? body : obj(body.destination);
  const b = obj(d.beneficiary);
  const name = str(b.business_name) ?? [str(b.first_name), str(b.last_name)].filter(Boolean).join(" ");
  if (name) return name;
  const id = str(d.wallet_address) ?? str(d.iban) ?? str(d.clabe) ?? str(d.account_number);
  return id ? short(id) : "—";
}

/**
 * Rows far above the file's usual amount (issue 44): above OVERSIZE_FACTOR times the median of
 * the included rows of their currency, when that currency has at least three of them.
 */
export function oversizeRows(
  rows: ReadonlyArray<{ rowNo: number; currency: string | null; amount: string | null; included: boolean }>,
  factor: number,
): Set<number> {
  const byCurrency = new Map<string, Array<{ rowNo: number; amount: Decimal }>>();
  for (const r of rows) {
    if (!r.included || !r.currency || !r.amount) continue;
    const list = byCurrency.get(r.currency) ?? [];
    list.push({ rowNo: r.rowNo, amount: new Decimal(r.amount) });
    byCurrency.set(r.currency, list);
  }
  const flagged = new Set<number>();
  for (const list of byCurrency.values()) {
    if (list.length < 3) continue;
    const sorted = [...list].sort((a, b) => a.amount.comparedTo(b.amount));
    const mid = Math.floor(sorted.length / 2);
    const median =
      sorted.length % 2 === 1
        ? (sorted[mid]?.amount ?? new Decimal(0))
        : (sorted[mid - 1]?.amount ?? new Decimal(0)).plus(sorted[mid]?.amount ?? 0).dividedBy(2);
    for (const r of list) if (r.amount.greaterThan(median.times(factor))) flagged.add(r.rowNo);
  }
  return flagged;
}
