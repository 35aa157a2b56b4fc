/**
 * The payee book as a CSV file (issue 59): one layout for the export and the import, so a book
 * exported from one console (or environment) imports into another. Each row is made into the
 * input the payee form sends and checked with payeeInputSchema (the destination schemas, checksums
 * included), each problem put on its column; two rows for one account are refused like a batch's
 * duplicates. Pure and browser-safe.
 */
import { parseCsv } from "@/lib/csv/parse";
import { dropEmpty } from "@/lib/dashboard/form-values";
import type { BankFieldName } from "@/lib/schemas/bank-shapes";
import { destinationIdOf, walletId, type DestinationFields } from "@/lib/schemas/destination-id";
import { issuePath } from "@/lib/schemas/error";
import type { PayeeView } from "./types";
import { payeeInputSchema, type PayeeOutput } from "./payee-form";

/** At most this many payees per file (the book lists 500). */
export const MAX_PAYEE_ROWS = 500;

const BANK_COLUMNS: readonly BankFieldName[] = [
  "bank_name",
  "account_type",
  "routing_number",
  "account_number",
  "iban",
  "bic",
  "sort_code",
  "clabe",
  "bank_code",
  "institution_number",
  "transit_number",
];

/** The holder's columns and where each sits in the destination's beneficiary. */
const HOLDER_COLUMNS = {
  holder_type: "type",
  holder_first_name: "first_name",
  holder_last_name: "last_name",
  holder_business_name: "business_name",
  holder_email: "email",
  holder_phone: "phone",
  holder_country: "address.country_code",
  holder_street: "address.street_line1",
  holder_city: "address.city",
  holder_postal_code: "address.postal_code",
} as const;
type HolderColumn = keyof typeof HOLDER_COLUMNS;

/** Read on import; the export adds who added each payee and when, which an import ignores. */
export const PAYEE_CSV_COLUMNS = [
  "name",
  "kind",
  "currency",
  "chain",
  "wallet_address",
  "rail",
  ...BANK_COLUMNS,
  ...(Object.keys(HOLDER_COLUMNS) as HolderColumn[]),
] as const;
export const PAYEE_EXPORT_COLUMNS = [...PAYEE_CSV_COLUMNS, "added_by", "added_at", "usable_from"] as const;

type Row = Record<string, string>;

const at = (value: unknown, path: string): string => {
  const found = path
    .split(".")
    .reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as Row)[k] : undefined), value);
  return typeof found === "string" ? found : "";
};

/** One payee as an export row (whole account numbers: the export is for those who may reveal them). */
export function payeeCsvRow(p: PayeeView): string[] {
  const d = p.kind === "bank" ? (p.destination ?? { iban: p.address }) : {};
  const cells: Record<string, string> = {
    name: p.name,
    kind: p.kind,
    currency: p.currency,
    chain: p.chain ?? "",
    wallet_address: p.kind === "wallet" ? p.address : "",
    rail: at(d, "rail"),
    ...Object.fromEntries(BANK_COLUMNS.map((c) => [c, at(d, c)])),
    ...Object.fromEntries(Object.entries(HOLDER_COLUMNS).map(([c, path]) => [c, at(d, `beneficiary.${path}`)])),
    added_by: p.addedBy,
    added_at: p.addedAt,
    usable_from: p.usableFrom,
  };
  return PAYEE_EXPORT_COLUMNS.map((c) => cells[c] ?? "");
}

/** A row's cells as the payee form's input: a wallet as typed, a bank account as its destination. */
export function payeeInputOfRow(row: Row): unknown {
  const kind = (row.kind ?? "").trim().toLowerCase();
  const code = (c: string) => (row[c] ?? "").trim().toUpperCase();
  if (kind !== "bank")
    return dropEmpty({
      name: row.name,
      kind: kind || undefined,
      currency: code("currency"),
      chain: code("chain"),
      address: row.wallet_address,
    });
  const beneficiary: Record<string, unknown> = { address: {} };
  for (const [column, path] of Object.entries(HOLDER_COLUMNS)) {
    const value = column === "holder_type" || column === "holder_country" ? code(column) : (row[column] ?? "");
    if (path.startsWith("address.")) (beneficiary.address as Row)[path.slice("address.".length)] = value;
    else beneficiary[path] = value;
  }
  const bank = Object.fromEntries(
    BANK_COLUMNS.map((c) => [c, c === "account_type" || c === "bic" ? code(c) : (row[c] ?? "")]),
  );
  return {
    name: (row.name ?? "").trim(),
    kind: "bank",
    destination: dropEmpty({ currency: code("currency"), rail: code("rail"), ...bank, beneficiary }) ?? {},
  };
}

/** The column a problem at an input path is about ("destination.beneficiary.address.city" → "holder_city"). */
export function columnOfPath(path: string): string {
  if (path === "address") return "wallet_address";
  if (!path.startsWith("destination")) return path || "kind";
  const rest = path.slice("destination.".length);
  if (rest === "" || path === "destination") return "currency";
  if (rest.startsWith("beneficiary")) {
    const inner = rest.slice("beneficiary.".length);
    const found = Object.entries(HOLDER_COLUMNS).find(([, p]) => p === inner);
    return found ? found[0] : "holder_type";
  }
  return rest;
}

export type PayeeFileRow = {
  line: number;
  name: string;
  payee: PayeeOutput | null;
  key: string | null;
  problems: Array<{ column: string; message: string }>;
};

export type PayeeFile = { ok: true; rows: PayeeFileRow[] } | { ok: false; message: string };

/** Reads and checks a payee file: every row, each problem on its column, two rows for one account refused. */
export function readPayeeFile(text: string): PayeeFile {
  const csv = parseCsv(text, { maxRecords: MAX_PAYEE_ROWS + 1, maxCellLength: 512 });
  if (!csv.ok) return { ok: false, message: `Line ${csv.problem.line}: ${csv.problem.message}` };
  const missing = ["name", "kind", "currency"].filter((c) => !csv.header.includes(c));
  if (missing.length > 0)
    return { ok: false, message: `The header has no ${missing.join(", ")} column: start from an exported file.` };
  if (csv.records.length === 0) return { ok: false, message: "The file has a header but no payees." };
  if (csv.records.length > MAX_PAYEE_ROWS)
    return { ok: false, message: `At most ${MAX_PAYEE_ROWS} payees per file: split it.` };
  const seen = new Map<string, number>();
  const rows = csv.records.map((record): PayeeFileRow => {
    const row: Row = Object.fromEntries(csv.header.map((h, i) => [h, record.cells[i] ?? ""]));
    const parsed = payeeInputSchema.safeParse(payeeInputOfRow(row));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => ({
        column: columnOfPath(issuePath(issue.path)),
        message: issue.message,
      }));
      return { line: record.line, name: row.name ?? "", payee: null, key: null, problems };
    }
    const payee = parsed.data;
    const key =
      payee.kind === "bank" ? destinationIdOf((payee.destination ?? {}) as DestinationFields) : walletId(payee.address);
    const earlier = key ? seen.get(key) : undefined;
    if (key && earlier === undefined) seen.set(key, record.line);
    return {
      line: record.line,
      name: payee.name,
      payee,
      key,
      problems:
        earlier === undefined
          ? []
          : [
              {
                column: payee.kind === "bank" ? "currency" : "wallet_address",
                message: `Same account as line ${earlier}`,
              },
            ],
    };
  });
  return { ok: true, rows };
}
