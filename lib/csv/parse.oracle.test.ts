/**
 * The batch CSV reader against an independent one (issue 60: it was checked mostly against the
 * project's own writer): `csv-parse` (node-csv) reads the same bytes, random RFC 4180 files and
 * the shapes spreadsheet programs save, and both must give the same cells.
 */
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, type CsvSeparator } from "./parse";

/** What csv-parse reads, with the rows a person cannot see (blank, separators or spaces only) left out, as ours does. */
function oracle(text: string, separator: CsvSeparator): string[][] {
  const rows = parse(text, {
    delimiter: separator,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  return rows.filter((cells) => cells.some((c) => c.trim() !== ""));
}

function ours(text: string): string[][] {
  const read = parseCsv(text);
  if (!read.ok) throw new Error(`line ${read.problem.line}: ${read.problem.message}`);
  return [read.header, ...read.records.map((r) => r.cells)];
}

// A field written by hand, the way any program may: bare when it can be, quoted when it must
// (or when the writer likes to), quotes doubled inside.
const bareChar = fc.constantFrom("a", "Z", "7", " ", ".", "-", "=", "@", "é", "日", "💸", "'", "\t");
const anyChar = fc.constantFrom("a", "7", " ", ",", ";", '"', "\n", "\r\n", "é", "=");
const field = (sep: CsvSeparator) =>
  fc.oneof(
    fc.array(bareChar, { maxLength: 8 }).map((c) => c.join("")),
    fc.array(anyChar, { maxLength: 8 }).map((c) => `"${c.join("").replaceAll('"', '""')}"`),
    fc.constant(sep === "," ? '"a,b"' : '"a;b"'),
  );

describe("the batch CSV reader and csv-parse read the same cells", () => {
  it("on random RFC 4180 files: either separator, CRLF or LF, with or without a BOM and a last line end", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CsvSeparator>(",", ";"),
        fc.constantFrom("\r\n", "\n"),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.infiniteStream(fc.nat()),
        (sep, eol, bom, lastEol, width, height, seeds) => {
          const iter = seeds[Symbol.iterator]();
          const header = Array.from({ length: width }, (_, i) => `col_${i}`).join(sep);
          const rows = Array.from({ length: height }, () =>
            Array.from(
              { length: width },
              () => fc.sample(field(sep), { numRuns: 1, seed: iter.next().value as number })[0],
            ).join(sep),
          );
          const text = `${bom ? "\uFEFF" : ""}${[header, ...rows].join(eol)}${lastEol ? eol : ""}`;
          expect(ours(text)).toEqual(oracle(text, sep));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on the shapes spreadsheets save", () => {
    const files: Array<[string, string, CsvSeparator]> = [
      // Excel, "CSV UTF-8 (Comma delimited)": a BOM, CRLF, quotes only where needed, a last CRLF.
      [
        "Excel CSV UTF-8",
        '\uFEFFwallet_address,amount,currency,chain,note\r\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,1250.5,USDC,ETHEREUM,"June, overtime"\r\n0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed,12,USDC,ETHEREUM,"said ""thanks"""\r\n',
        ",",
      ],
      // Excel with a European list separator ("CSV (semicolon)" as saved in a German or French locale, UTF-8).
      [
        "Excel semicolons",
        '\uFEFFwallet_address;amount;currency;chain;note\r\nEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v;1250,50;USDC;SOLANA;"line one\nline two"\r\n;;;;\r\n',
        ";",
      ],
      // Google Sheets, File → Download → CSV: no BOM, CRLF between rows, none after the last.
      [
        "Google Sheets",
        'wallet_address,amount,currency,chain,employee_id\r\nEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v,3.75,USDC,SOLANA,E-0042\r\nEPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v,2.25,USDC,SOLANA,"E-0043, part time"',
        ",",
      ],
      // LibreOffice / Numbers on a Mac: LF only, every text cell quoted.
      [
        "quoted everywhere, LF",
        '"wallet_address","amount","currency","chain"\n"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v","1.50","USDC","SOLANA"\n',
        ",",
      ],
    ];
    for (const [name, text, sep] of files) expect(ours(text), name).toEqual(oracle(text, sep));
  });
});
