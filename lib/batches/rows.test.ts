import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/csv/parse";
import { bodyOfCells, checkRow, columnOf, duplicatesOf, totalsByCurrency } from "./rows";
import { headerProblems, keptColumns, referenceColumn, TEMPLATE_NAMES, TEMPLATES, templateCsv } from "./templates";

describe("batch rows", () => {
  it("every template's example rows pass the forms' validators", () => {
    for (const name of TEMPLATE_NAMES) {
      const read = parseCsv(templateCsv(name));
      expect(read.ok).toBe(true);
      if (!read.ok) continue;
      expect(headerProblems(TEMPLATES[name].kind, read.header)).toEqual([]);
      for (const record of read.records)
        expect(
          checkRow(TEMPLATES[name].kind, read.header, record.cells).problems,
          `${name} line ${record.line}`,
        ).toEqual([]);
    }
  });

  it("makes the create body from dotted columns, leaving empty cells out", () => {
    expect(
      bodyOfCells(
        [
          "type",
          "destination.currency",
          "destination.beneficiary.address.country_code",
          "destination.is_third_party",
          "amount",
        ],
        ["FIAT_TO_FIAT", "EUR", "DE", "yes", " "],
      ),
    ).toEqual({
      type: "FIAT_TO_FIAT",
      destination: { currency: "EUR", beneficiary: { address: { country_code: "DE" } }, is_third_party: true },
    });
  });

  it("puts each problem on its column, checksums included", () => {
    const header = ["wallet_address", "amount", "currency", "chain"];
    // The last letter's case breaks the EIP-55 checksum.
    const bad = checkRow("disbursement", header, [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
      "10",
      "USDC",
      "ETHEREUM",
    ]);
    expect(bad.problems).toEqual([{ column: "wallet_address", message: expect.stringMatching(/checksum/i) }]);
    const empty = checkRow("disbursement", header, [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "",
      "USDC",
      "ETHEREUM",
    ]);
    expect(empty.problems.map((p) => p.column)).toEqual(["amount"]);
    const iban = checkRow(
      "settlement_request",
      [
        "type",
        "payment_reason",
        "amount",
        "destination.currency",
        "destination.rail",
        "destination.iban",
        "destination.beneficiary.type",
        "destination.beneficiary.first_name",
        "destination.beneficiary.last_name",
        "destination.beneficiary.address.country_code",
      ],
      ["FIAT_TO_FIAT", "RENT", "10.00", "EUR", "LOCAL", "DE89370400440532013001", "INDIVIDUAL", "Ada", "L", "DE"],
    );
    expect(iban.problems).toEqual([{ column: "destination.iban", message: expect.stringMatching(/IBAN/) }]);
  });

  it("names a missing nested object by the first column under it", () => {
    expect(
      columnOf(
        ["type", "destination.beneficiary.type", "destination.beneficiary.first_name"],
        "destination.beneficiary",
      ),
    ).toBe("destination.beneficiary.type");
    expect(columnOf(["type"], "destination.beneficiary")).toBe("destination.beneficiary");
  });

  it("flags a later row paying the same payee the same amount, whatever the address's letter case", () => {
    const rows = [
      { rowNo: 1, payee: "wallet:0xabc", currency: "USDC", amount: "10.00", included: true },
      { rowNo: 2, payee: "wallet:0xabc", currency: "USDC", amount: "10", included: true },
      { rowNo: 3, payee: "wallet:0xabc", currency: "USDC", amount: "11", included: true },
      { rowNo: 4, payee: "wallet:0xabc", currency: "USDC", amount: "10", included: false },
    ];
    expect([...duplicatesOf(rows)]).toEqual([[2, 1]]);
    expect(
      checkRow(
        "disbursement",
        ["wallet_address", "amount", "currency"],
        ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "1", "USDC"],
      ).payee,
    ).toBe(
      checkRow(
        "disbursement",
        ["wallet_address", "amount", "currency"],
        ["0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed", "1", "USDC"],
      ).payee,
    );
  });

  it("sums per currency in decimals, never floats", () => {
    expect(
      totalsByCurrency([
        { currency: "USDC", amount: "0.1" },
        { currency: "USDC", amount: "0.2" },
        { currency: "EUR", amount: "1" },
        { currency: null, amount: "5" },
      ]),
    ).toEqual([
      { currency: "EUR", amount: "1", count: 1 },
      { currency: "USDC", amount: "0.3", count: 2 },
    ]);
  });

  it("refuses a header with repeated or missing columns, naming each; other columns are kept, not sent (issue 44)", () => {
    expect(headerProblems("disbursement", ["wallet_address", "amount", "amount", "colour"])).toEqual([
      "Column “amount” appears twice",
      "Column “currency” is missing",
    ]);
    const payroll = ["wallet_address", "amount", "currency", "chain", "employee_id", "note", "reference"];
    expect(headerProblems("disbursement", payroll)).toEqual([]);
    expect(keptColumns("disbursement", payroll)).toEqual(["employee_id", "note"]);
    expect(referenceColumn(payroll)).toBe("reference");
    expect(referenceColumn(["wallet_address", "amount", "currency", "Payment_Reference"])).toBe("Payment_Reference");
    expect(referenceColumn(["wallet_address", "amount", "currency"])).toBeNull();
    const row = checkRow("disbursement", payroll, [
      VALID_SOLANA,
      "12.5",
      "usdc",
      "solana",
      "E-17",
      "June; bonus",
      "PAY-0617",
    ]);
    expect(row.problems).toEqual([]);
    expect(row.body).toEqual({ wallet_address: VALID_SOLANA, amount: "12.5", currency: "USDC", chain: "SOLANA" });
    expect(
      headerProblems("settlement_request", [
        "type",
        "payment_reason",
        "destination.currency",
        "destination.rail",
        "metadata.invoice",
      ]),
    ).toEqual([]);
  });
});

const VALID_SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";

describe("results as people open them (issue 44)", () => {
  it("writes the results with the upload's separator, quoting what contains it", async () => {
    const { resultsCsv } = await import("./results");
    const csv = resultsCsv(
      ["wallet_address", "amount", "note"],
      [
        {
          rowNo: 1,
          line: 2,
          cells: [VALID_SOLANA, "12,50", "June; bonus"],
          edited: false,
          payee: "x",
          problems: [],
          currency: "USDC",
          amount: "12.5",
          included: true,
          duplicateOf: null,
          oversize: false,
          kept: false,
          sendAttempt: 0,
          dryRun: null,
          quote: null,
          sendState: "sent",
          resultId: "d1",
          resultStatus: "FAILED",
          failure: null,
        },
      ],
      ";",
    );
    const [head, line] = csv.trim().split("\r\n");
    expect(head).toBe("wallet_address;amount;note;row;outcome;id;status;failure_reason");
    expect(line).toBe(`${VALID_SOLANA};12,50;"June; bonus";1;failed;d1;FAILED;`);
  });
});

describe("known problems stop the file (issue 44)", () => {
  it("flags a row far above its currency's median, once a currency has three rows", async () => {
    const { oversizeRows } = await import("./rows");
    const rows = ["10", "12", "11", "999999", "9"].map((amount, i) => ({
      rowNo: i + 1,
      currency: "USDC",
      amount,
      included: true,
    }));
    expect([...oversizeRows(rows, 10)]).toEqual([4]);
    expect([...oversizeRows(rows.slice(2, 4), 10)]).toEqual([]);
    expect([...oversizeRows([...rows, { rowNo: 9, currency: "USDT", amount: "9000", included: true }], 10)]).toEqual([
      4,
    ]);
  });

  it("needs a decision for a kept repeat or oversize row until someone keeps it", async () => {
    const { needsDecision } = await import("./outcome");
    const row = { included: true, problems: [], kept: false, duplicateOf: 1, oversize: false };
    expect(needsDecision(row)).toBe(true);
    expect(needsDecision({ ...row, kept: true })).toBe(false);
    expect(needsDecision({ ...row, included: false })).toBe(false);
    expect(needsDecision({ ...row, duplicateOf: null, oversize: true })).toBe(true);
    expect(needsDecision({ ...row, duplicateOf: null })).toBe(false);
  });
});
