/**
 * Properties of the batch file reader (issue 32): whatever the cells (quotes, separators, line
 * breaks, formula-looking text, non-Latin letters), written out with either separator and read
 * back, in any chunking, with or without a BOM, gives the same cells; and exports guard formulas.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "@/lib/dashboard/csv";
import { CsvParser, parseCsv, writeCsvRecords, type CsvSeparator } from "@/lib/csv/parse";

const cellChars = fc.constantFrom(
  "a",
  "Z",
  "0",
  "9",
  " ",
  ",",
  ";",
  '"',
  "\n",
  "\r\n",
  "=",
  "+",
  "-",
  "@",
  "\t",
  "é",
  "日",
  "💸",
  ".",
);
const cell = fc.array(cellChars, { maxLength: 12 }).map((chars) => chars.join(""));
/** A record with at least one cell that is not blank (a blank line is no record). */
const record = (width: number) =>
  fc.array(cell, { minLength: width, maxLength: width }).filter((cells) => cells.some((c) => c.trim() !== ""));
const file = fc
  .integer({ min: 1, max: 5 })
  .chain((width) =>
    fc.tuple(
      fc.array(fc.stringMatching(/^[a-z_.]{1,12}$/), { minLength: width, maxLength: width }),
      fc.array(record(width), { minLength: 1, maxLength: 8 }),
    ),
  );
const separator = fc.constantFrom<CsvSeparator>(",", ";");

/** Feeds `text` in the pieces `cuts` makes. */
function readInPieces(text: string, cuts: number[]) {
  const parser = new CsvParser({ maxRecords: 1_000 });
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    const end = Math.min(text.length, cut);
    parser.push(text.slice(at, end));
    at = Math.max(at, end);
  }
  parser.push(text.slice(at));
  return parser.end();
}

describe("the batch CSV reader", () => {
  it("reads back exactly what was written, with either separator and in any chunking", () => {
    fc.assert(
      fc.property(
        file,
        separator,
        fc.array(fc.nat({ max: 400 }), { maxLength: 6 }),
        fc.boolean(),
        ([header, rows], chosen, cuts, bom) => {
          // A header of one name has no separator to detect: such a file is read as commas.
          const sep = header.length > 1 ? chosen : ",";
          const text = (bom ? "\uFEFF" : "") + writeCsvRecords([header, ...rows], sep);
          const read = readInPieces(text, cuts);
          expect(read.ok).toBe(true);
          if (!read.ok) return;
          expect(read.header).toEqual(header);
          expect(read.records.map((r) => r.cells)).toEqual(rows);
          if (header.length > 1) expect(read.separator).toBe(sep);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("keeps formula-looking cells as the text they are", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("=SUM(A1:A9)", "+1+1", "-2+3", "@cmd", '=HYPERLINK("http://x")', "=1;2"),
        (formula) => {
          const read = parseCsv(
            writeCsvRecords(
              [
                ["amount", "note"],
                ["1.00", formula],
              ],
              ";",
            ),
          );
          expect(read.ok && read.records[0].cells[1]).toBe(formula);
        },
      ),
    );
  });

  it("guards formulas on the way out, as every export does", () => {
    fc.assert(
      fc.property(fc.constantFrom("=", "+", "@", "\t"), cell, (lead, rest) => {
        const out = toCsv([{ header: "note", value: (v: string) => v }], [lead + rest]);
        const back = parseCsv(out);
        expect(back.ok).toBe(true);
        if (back.ok) expect(back.records[0]?.cells[0]?.startsWith("'")).toBe(true);
      }),
    );
  });

  it("reads CRLF, LF and CR line ends alike and skips blank and separator-only lines", () => {
    for (const nl of ["\r\n", "\n", "\r"]) {
      const read = parseCsv(`a;b${nl}1;2${nl}${nl};;${nl}3;"x${nl}y"${nl}`);
      expect(read.ok).toBe(true);
      if (read.ok)
        expect(read.records.map((r) => r.cells)).toEqual([
          ["1", "2"],
          ["3", `x${nl}y`],
        ]);
    }
  });

  it("says which line is wrong", () => {
    const open = parseCsv('a,b\n1,"never closed\n');
    expect(open).toEqual({
      ok: false,
      problem: expect.objectContaining({ line: 2, message: expect.stringContaining("never closed") }),
    });
    const stray = parseCsv('a,b\n1,2\n3,"x"y\n');
    expect(stray).toEqual({ ok: false, problem: expect.objectContaining({ line: 3 }) });
    expect(parseCsv("")).toEqual({
      ok: false,
      problem: expect.objectContaining({ message: expect.stringContaining("empty") }),
    });
  });

  it("stops past the row limit without reading further", () => {
    const parser = new CsvParser({ maxRecords: 3 });
    parser.push("a\n1\n2\n3\n");
    expect(parser.full).toBe(false);
    parser.push("4\n5\n6\n");
    expect(parser.full).toBe(true);
    expect(parser.end()).toEqual({
      ok: false,
      problem: expect.objectContaining({ message: "The file has more than 3 rows" }),
    });
    expect(parseCsv("a\n1\n2\n3\n", { maxRecords: 3 }).ok).toBe(true);
  });
});
