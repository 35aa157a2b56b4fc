import "server-only";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { csvCell } from "@/lib/dashboard/csv";
import type { ReportFormat } from "./catalog";

/** Where a report's bytes go, a piece at a time (awaited: the writer never runs ahead of it). */
export type Sink = (piece: Buffer) => Promise<void>;
export type ReportWriter = {
  row: (cells: Array<string | null | undefined>) => Promise<void>;
  end: () => Promise<void>;
};

const PIECE = 256 * 1024;

/** Gathers bytes into pieces of PIECE before handing them on. */
function pieces(sink: Sink) {
  let held: Buffer[] = [];
  let size = 0;
  return {
    async push(bytes: Buffer) {
      held.push(bytes);
      size += bytes.length;
      if (size >= PIECE) await this.flush();
    },
    async flush() {
      if (size === 0) return;
      const piece = Buffer.concat(held, size);
      held = [];
      size = 0;
      await sink(piece);
    },
  };
}

/**
 * CSV (RFC 4180, CRLF, UTF-8 with a BOM so spreadsheets read it as UTF-8): the header, then a
 * line per row; a cell a spreadsheet would run as a formula is prefixed with an apostrophe.
 */
export function csvWriter(columns: readonly string[], sink: Sink): ReportWriter {
  const out = pieces(sink);
  let started = false;
  const line = (cells: Array<string | null | undefined>) =>
    Buffer.from(`${cells.map((c) => csvCell(c)).join(",")}\r\n`, "utf8");
  return {
    async row(cells) {
      if (!started) {
        started = true;
        await out.push(Buffer.concat([Buffer.from("\uFEFF", "utf8"), line([...columns])]));
      }
      await out.push(line(cells));
    },
    async end() {
      if (!started) await out.push(Buffer.concat([Buffer.from("\uFEFF", "utf8"), line([...columns])]));
      await out.flush();
    },
  };
}

/**
 * XLSX with ExcelJS's streaming writer: each row is committed as it comes (nothing kept), one
 * sheet, the header bold and frozen. Amounts stay text cells, the exact decimal strings of
 * the API (a number cell would be a binary float).
 */
export function xlsxWriter(columns: readonly string[], sink: Sink, sheetName: string): ReportWriter {
  const stream = new PassThrough();
  const out = pieces(sink);
  const consumed = (async () => {
    for await (const chunk of stream) await out.push(chunk as Buffer);
    await out.flush();
  })();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  const header = sheet.addRow([...columns]);
  header.font = { bold: true };
  header.commit();
  return {
    async row(cells) {
      sheet.addRow(cells.map((c) => c ?? "")).commit();
      // Let the zip stream drain before the next row when it is behind.
      if (stream.writableNeedDrain) await new Promise((resolve) => stream.once("drain", resolve));
    },
    async end() {
      sheet.commit();
      await book.commit();
      await consumed;
    },
  };
}

export const writerFor = (
  format: ReportFormat,
  columns: readonly string[],
  sink: Sink,
  sheetName: string,
): ReportWriter => (format === "csv" ? csvWriter(columns, sink) : xlsxWriter(columns, sink, sheetName));
