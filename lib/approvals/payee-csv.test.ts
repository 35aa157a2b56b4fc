import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/csv/parse";
import { PAYEE_EXPORT_COLUMNS, payeeCsvRow, readPayeeFile } from "./payee-csv";
import { payeeInputSchema } from "./payee-form";
import type { PayeeView } from "./types";

const holder = { type: "BUSINESS", business_name: "Acme, Inc.", address: { country_code: "US", city: "Austin" } };
const inputs = [
  {
    name: "Acme ACH",
    kind: "bank",
    destination: {
      currency: "USD",
      rail: "ACH",
      bank_name: "Chase",
      account_type: "SAVINGS",
      routing_number: "011000015",
      account_number: "000123456789",
      beneficiary: holder,
    },
  },
  {
    name: "Ada SPEI",
    kind: "bank",
    destination: {
      currency: "MXN",
      rail: "LOCAL",
      clabe: "032180000118359719",
      beneficiary: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Ruiz", address: { country_code: "MX" } },
    },
  },
  {
    name: "Treasury",
    kind: "wallet",
    currency: "USDC",
    chain: "ETHEREUM",
    address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  },
];

/** The views the book lists for these inputs (what the export reads). */
const views: PayeeView[] = inputs.map((input, i) => {
  const p = payeeInputSchema.parse(input);
  return {
    id: `payee_${i}`,
    environment: "sandbox",
    name: p.name,
    kind: p.kind,
    currency: p.currency,
    chain: p.chain ?? null,
    address: p.address,
    destination: (p.destination as Record<string, unknown> | undefined) ?? null,
    addedBy: "a@example.com",
    addedAt: "2026-12-01T10:00:00.000Z",
    usableFrom: "2026-12-02T10:00:00.000Z",
  };
});

const csvOf = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n");

describe("the payee book's CSV", () => {
  it("imports what it exports, every shape, unchanged", () => {
    const file = csvOf([[...PAYEE_EXPORT_COLUMNS], ...views.map(payeeCsvRow)]);
    const read = readPayeeFile(file);
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((r) => r.problems)).toEqual([[], [], []]);
    expect(read.rows.map((r) => r.payee)).toEqual(inputs.map((i) => payeeInputSchema.parse(i)));
    // An independent reading of the file: the comma in the holder's name is quoted, the columns line up.
    const parsed = parseCsv(file);
    if (!parsed.ok) throw new Error("unreadable");
    const at = (row: number, column: string) => parsed.records[row]?.cells[parsed.header.indexOf(column)];
    expect(at(0, "holder_business_name")).toBe("Acme, Inc.");
    expect(at(0, "account_number")).toBe("000123456789");
    expect(at(2, "wallet_address")).toBe("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  });

  it("puts each problem on its line and column, and refuses a second row for one account", () => {
    const header = [
      "name",
      "kind",
      "currency",
      "rail",
      "routing_number",
      "account_number",
      "account_type",
      "bank_name",
      "holder_type",
      "holder_first_name",
      "holder_last_name",
      "holder_country",
      "chain",
      "wallet_address",
    ];
    const good = [
      "Bob",
      "bank",
      "usd",
      "ach",
      "011000015",
      "123456789",
      "checking",
      "Chase",
      "individual",
      "Bob",
      "Li",
      "us",
      "",
      "",
    ];
    const read = readPayeeFile(
      csvOf([
        header,
        good,
        ["Bad routing", ...good.slice(1, 4), "011000016", ...good.slice(5)],
        ["No holder", ...good.slice(1, 8), "", "", "", "", "", ""],
        ["Bob again", ...good.slice(1)],
        ["Wallet", "wallet", "USDC", "", "", "", "", "", "", "", "", "", "SOLANA", "0xnot-solana"],
      ]),
    );
    if (!read.ok) throw new Error(read.message);
    const problems = read.rows.map((r) => r.problems.map((p) => `${r.line} ${p.column}: ${p.message}`));
    expect(problems[0]).toEqual([]);
    expect(problems[1]).toEqual([expect.stringMatching(/^3 routing_number: Routing number /)]);
    expect(problems[2]).toEqual([expect.stringMatching(/^4 holder_type: /)]);
    expect(problems[3]).toEqual(["5 currency: Same account as line 2"]);
    expect(problems[4]).toEqual([expect.stringMatching(/^6 wallet_address: Wallet address /)]);
  });

  it("refuses a file it cannot use with a sentence that says why", () => {
    expect(readPayeeFile("nom,adresse\nx,y")).toEqual({
      ok: false,
      message: "The header has no name, kind, currency column: start from an exported file.",
    });
    expect(readPayeeFile("name,kind,currency\n")).toMatchObject({
      ok: false,
      message: expect.stringContaining("no payees"),
    });
  });
});
