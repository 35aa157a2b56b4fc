import ExcelJS from "exceljs";
import { PassThrough } from "node:stream";
import { readSheet } from "read-excel-file/node";
import { describe, expect, it } from "vitest";
import { csvWriter, sheetEntryInput, xlsxWriter } from "./writers";

const COLUMNS = ["id", "amount", "currency", "note"];
const row = (i: number) => [`req_${i}`, `${(i % 9000) + 100}.25`, "USD", i % 3 === 0 ? "" : `line ${i}`];

async function written(make: (sink: (piece: Buffer) => Promise<void>) => Promise<void>) {
  const pieces: Buffer[] = [];
  await make(async (piece) => {
    pieces.push(piece);
  });
  return { bytes: Buffer.concat(pieces), pieces: pieces.length };
}

describe("report writers", () => {
  it("finds the zip entry ExcelJS writes a sheet into (an upgrade that moves it fails here)", () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: new PassThrough(), useStyles: false });
    const sheet = book.addWorksheet("x");
    sheet.addRow(["a"]).commit();
    const entry = sheetEntryInput(sheet);
    expect(entry).not.toBeNull();
    expect(typeof entry?._writableState?.needDrain).toBe("boolean");
  });

  it("XLSX holds back while the zip is behind: the backlog stays small over 30,000 rows", async () => {
    const backlog: number[] = [];
    const ROWS = 30_000;
    const { bytes, pieces } = await written(async (sink) => {
      const writer = xlsxWriter(COLUMNS, sink, "payments", (b) => backlog.push(b));
      for (let i = 1; i <= ROWS; i++) await writer.row(row(i));
      await writer.end();
    });
    // About 1.5 MB of sheet XML went through; unheeded, most of it waits at the entry at once.
    expect(backlog.length).toBe(ROWS / 200);
    expect(backlog.every((b) => Number.isFinite(b))).toBe(true);
    expect(Math.max(...backlog)).toBeLessThan(256 * 1024);
    expect(pieces).toBeGreaterThan(0);
    const sheet = await readSheet(bytes);
    expect(sheet).toHaveLength(ROWS + 1);
    expect(sheet[0]).toEqual(COLUMNS);
    expect(sheet[2]).toEqual(["req_2", "102.25", "USD", "line 2"]);
    expect(sheet[3]?.[3] ?? null).toBeNull();
    expect(sheet[ROWS]?.[0]).toBe(`req_${ROWS}`);
  });

  it("CSV has a BOM, CRLF lines and the header even with no rows", async () => {
    const { bytes } = await written(async (sink) => {
      const writer = csvWriter(COLUMNS, sink);
      await writer.end();
    });
    expect(bytes.toString("utf8")).toBe("\uFEFFid,amount,currency,note\r\n");
  });
});
