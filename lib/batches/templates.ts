/**
 * The batch file formats (issue 32, decisions D20.1): a column is the dotted path of a field of
 * the API's create body (`destination.iban`, `destination.beneficiary.first_name`), so a row is
 * the body the form would send. One template per kind and settlement type, each with example
 * rows that pass the same validators as the forms. Pure and browser-safe.
 */
import { writeCsvRecords } from "@/lib/csv/parse";

export const BATCH_KINDS = ["disbursement", "settlement_request"] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

export const BATCH_KIND_LABELS: Record<BatchKind, string> = {
  disbursement: "Disbursements from the pre-funded balance",
  settlement_request: "Settlement requests",
};

const DISBURSEMENT_COLUMNS = ["wallet_address", "amount", "currency", "chain"] as const;

const REQUEST_BASE = ["type", "external_id", "payment_reason", "amount"] as const;
const CRYPTO_SOURCE = ["source.currency", "source.rail", "source.wallet_address"] as const;
const FIAT_SOURCE = ["source.currency", "source.rail", "source.country_code"] as const;
const WALLET_DESTINATION = ["destination.currency", "destination.rail", "destination.wallet_address"] as const;
/** Every fiat destination's columns (ACH, IBAN, GBP, CLABE, NUBAN, CAD): a row fills those of its currency. */
const BANK_DESTINATION = [
  "destination.currency",
  "destination.rail",
  "destination.amount",
  "destination.bank_name",
  "destination.account_number",
  "destination.routing_number",
  "destination.account_type",
  "destination.iban",
  "destination.bic",
  "destination.sort_code",
  "destination.clabe",
  "destination.bank_code",
  "destination.institution_number",
  "destination.transit_number",
  "destination.beneficiary.type",
  "destination.beneficiary.first_name",
  "destination.beneficiary.last_name",
  "destination.beneficiary.business_name",
  "destination.beneficiary.email",
  "destination.beneficiary.address.country_code",
  "destination.beneficiary.address.street_line1",
  "destination.beneficiary.address.city",
  "destination.beneficiary.address.postal_code",
] as const;

export const TEMPLATE_NAMES = [
  "disbursements",
  "stablecoin-to-stablecoin",
  "fiat-to-stablecoin",
  "stablecoin-to-fiat",
  "fiat-to-fiat",
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

type Template = { kind: BatchKind; label: string; columns: readonly string[]; examples: Array<Record<string, string>> };

const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

const person = (country: string, first: string, last: string) => ({
  "destination.beneficiary.type": "INDIVIDUAL",
  "destination.beneficiary.first_name": first,
  "destination.beneficiary.last_name": last,
  "destination.beneficiary.address.country_code": country,
});

/** One example per fiat currency, valid (checksums included). */
const BANK_EXAMPLES: Array<Record<string, string>> = [
  {
    "destination.currency": "USD",
    "destination.rail": "ACH",
    "destination.bank_name": "Chase",
    "destination.account_number": "123456789",
    "destination.routing_number": "011000015",
    "destination.account_type": "CHECKING",
    ...person("US", "Ada", "Lovelace"),
  },
  {
    "destination.currency": "EUR",
    "destination.rail": "LOCAL",
    "destination.iban": "DE89370400440532013000",
    "destination.bic": "COBADEFFXXX",
    ...person("DE", "Emmy", "Noether"),
  },
  {
    "destination.currency": "GBP",
    "destination.rail": "LOCAL",
    "destination.iban": "GB82WEST12345698765432",
    "destination.sort_code": "123456",
    "destination.beneficiary.type": "BUSINESS",
    "destination.beneficiary.business_name": "Acme Ltd",
    "destination.beneficiary.address.country_code": "GB",
    "destination.beneficiary.address.city": "London",
  },
  {
    "destination.currency": "MXN",
    "destination.rail": "LOCAL",
    "destination.clabe": "032180000118359719",
    ...person("MX", "Frida", "Kahlo"),
  },
  {
    "destination.currency": "NGN",
    "destination.rail": "LOCAL",
    "destination.account_number": "0000014579",
    "destination.bank_code": "011",
    ...person("NG", "Chinua", "Achebe"),
  },
  {
    "destination.currency": "CAD",
    "destination.rail": "LOCAL",
    "destination.institution_number": "003",
    "destination.transit_number": "12345",
    "destination.account_number": "1234567",
    ...person("CA", "Glenn", "Gould"),
  },
];

export const TEMPLATES: Record<TemplateName, Template> = {
  disbursements: {
    kind: "disbursement",
    label: "Disbursements (wallets)",
    columns: [...DISBURSEMENT_COLUMNS, "reference"],
    examples: [
      { wallet_address: EVM, amount: "125.00", currency: "USDC", chain: "ETHEREUM", reference: "PAY-2026-11-001" },
      { wallet_address: SOLANA, amount: "80.50", currency: "USDC", chain: "SOLANA", reference: "PAY-2026-11-002" },
      { wallet_address: TRON, amount: "42.00", currency: "USDT", chain: "TRON", reference: "PAY-2026-11-003" },
    ],
  },
  "stablecoin-to-stablecoin": {
    kind: "settlement_request",
    label: "Stablecoin to stablecoin",
    columns: [...REQUEST_BASE, ...CRYPTO_SOURCE, ...WALLET_DESTINATION],
    examples: [
      {
        type: "STABLECOIN_TO_STABLECOIN",
        external_id: "s2s-0001",
        payment_reason: "PURCHASE_OF_SERVICES",
        amount: "250.00",
        "source.currency": "USDC",
        "source.rail": "ETHEREUM",
        "source.wallet_address": EVM,
        "destination.currency": "USDC",
        "destination.rail": "SOLANA",
        "destination.wallet_address": SOLANA,
      },
    ],
  },
  "fiat-to-stablecoin": {
    kind: "settlement_request",
    label: "Fiat to stablecoin",
    columns: [...REQUEST_BASE, ...FIAT_SOURCE, ...WALLET_DESTINATION],
    examples: [
      {
        type: "FIAT_TO_STABLECOIN",
        external_id: "f2s-0001",
        payment_reason: "EMPLOYEE_SALARIES_OR_WAGES",
        amount: "1000.00",
        "source.currency": "USD",
        "source.rail": "ACH",
        "source.country_code": "US",
        "destination.currency": "USDC",
        "destination.rail": "SOLANA",
        "destination.wallet_address": SOLANA,
      },
      {
        type: "FIAT_TO_STABLECOIN",
        external_id: "f2s-0002",
        payment_reason: "EMPLOYEE_SALARIES_OR_WAGES",
        amount: "900.00",
        "source.currency": "EUR",
        "source.rail": "LOCAL",
        "source.country_code": "DE",
        "destination.currency": "EURC",
        "destination.rail": "ETHEREUM",
        "destination.wallet_address": EVM,
      },
    ],
  },
  "stablecoin-to-fiat": {
    kind: "settlement_request",
    label: "Stablecoin to fiat (bank payouts)",
    columns: [...REQUEST_BASE, ...CRYPTO_SOURCE, ...BANK_DESTINATION],
    examples: BANK_EXAMPLES.map((bank, i) => ({
      type: "STABLECOIN_TO_FIAT",
      external_id: `s2f-${String(i + 1).padStart(4, "0")}`,
      payment_reason: "PURCHASE_OF_SERVICES",
      "source.currency": "USDC",
      "source.rail": "ETHEREUM",
      "source.wallet_address": EVM,
      "destination.amount": "100.00",
      ...bank,
    })),
  },
  "fiat-to-fiat": {
    kind: "settlement_request",
    label: "Fiat to fiat",
    columns: [...REQUEST_BASE, ...FIAT_SOURCE, ...BANK_DESTINATION],
    examples: BANK_EXAMPLES.map((bank, i) => ({
      type: "FIAT_TO_FIAT",
      external_id: `f2f-${String(i + 1).padStart(4, "0")}`,
      payment_reason: "PURCHASE_OF_SERVICES",
      amount: "500.00",
      "source.currency": "USD",
      "source.rail": "ACH",
      "source.country_code": "US",
      ...bank,
    })),
  },
};

export function isTemplateName(value: string): value is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(value);
}

/** A template as a file: its header and example rows (comma separated, CRLF). */
export function templateCsv(name: TemplateName): string {
  const t = TEMPLATES[name];
  return writeCsvRecords([[...t.columns], ...t.examples.map((row) => t.columns.map((c) => row[c] ?? ""))]);
}

/** The columns a file of `kind` may have: the template columns, and any `metadata.<key>` for requests. */
export function knownColumn(kind: BatchKind, column: string): boolean {
  if (kind === "disbursement") return (DISBURSEMENT_COLUMNS as readonly string[]).includes(column);
  if (/^metadata\.[A-Za-z0-9_-]{1,40}$/.test(column)) return true;
  return (
    (REQUEST_BASE as readonly string[]).includes(column) ||
    [
      "source.currency",
      "source.rail",
      "source.wallet_address",
      "source.country_code",
      "destination.wallet_address",
      "destination.is_third_party",
      "destination.beneficiary.phone",
      "destination.beneficiary.address.street_line2",
      "destination.beneficiary.address.state_region_or_province",
      "destination.beneficiary.tax_identification_number",
      "reconciliation_expected_at",
    ].includes(column) ||
    (BANK_DESTINATION as readonly string[]).includes(column)
  );
}

/** The columns a file of each kind cannot do without. */
const REQUIRED_COLUMNS: Record<BatchKind, readonly string[]> = {
  disbursement: ["wallet_address", "amount", "currency"],
  settlement_request: ["type", "payment_reason", "destination.currency", "destination.rail"],
};

/**
 * What is wrong with a header line, each naming its column: repeated or missing columns. A
 * column that is no field of the call (a payroll file's employee_id, note, reference) is no
 * problem (issue 44): it is kept with each row and echoed in the results, not sent.
 */
export function headerProblems(kind: BatchKind, header: readonly string[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  header.forEach((column, i) => {
    if (column === "") problems.push(`Column ${i + 1} has no name`);
    else if (seen.has(column)) problems.push(`Column “${column}” appears twice`);
    seen.add(column);
  });
  for (const column of REQUIRED_COLUMNS[kind]) if (!seen.has(column)) problems.push(`Column “${column}” is missing`);
  return problems;
}

/** The columns a file names its own reference with (any case), in the order they are looked for (issue 44). */
export const REFERENCE_COLUMNS = ["reference", "ref", "payment_reference"] as const;

/** The file's reference column, if it has one: kept by the console beside what each row created. */
export function referenceColumn(header: readonly string[]): string | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const found = REFERENCE_COLUMNS.find((c) => names.includes(c));
  return found ? (header[names.indexOf(found)] ?? null) : null;
}

/** The columns of a file that are kept and echoed but not sent (issue 44); the reference column is said apart. */
export function keptColumns(kind: BatchKind, header: readonly string[]): string[] {
  const reference = referenceColumn(header);
  return header.filter((column) => column !== "" && column !== reference && !knownColumn(kind, column));
}
