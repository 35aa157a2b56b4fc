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

/** The part of a stream this writer reads to hold back: Node's (or readable-stream's) writable state. */
type Backlogged = {
  _writableState?: { needDrain?: boolean; length?: number };
  once: (event: "drain", listener: () => void) => void;
};

/**
 * Where ExcelJS's streaming writer pours a sheet's XML: the zip entry's input, which it writes
 * to without heeding backpressure (its StreamBuf ignores `write`'s answer), so a fast producer
 * piles the whole uncompressed sheet up in memory (+902 MB at 1 M rows). Null when ExcelJS's
 * internals are not the shape read here (a test holds them).
 */
export function sheetEntryInput(sheet: unknown): Backlogged | null {
  const pipes = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const entry = pipes?.[0] as Backlogged | undefined;
  return entry && typeof entry.once === "function" && entry._writableState ? entry : null;
}

const CHECK_EVERY = 200;

/**
 * XLSX with ExcelJS's streaming writer: each row is committed as it comes, one sheet, the
 * header row frozen. Amounts stay text cells, the exact decimal strings of the API (a number
 * cell would be a binary float). No styles: ExcelJS looks every cell's style up by its XML,
 * which more than doubled a million rows' time (78 s against 34 s). Every CHECK_EVERY rows the
 * writer waits while the zip entry's input is full, so memory stays flat (D24.10).
 */
export function xlsxWriter(
  columns: readonly string[],
  sink: Sink,
  sheetName: string,
  /** Told the bytes waiting at the zip entry's input at each check (tests read it). */
  watchBacklog?: (bytes: number) => void,
): ReportWriter {
  const stream = new PassThrough();
  const out = pieces(sink);
  const consumed = (async () => {
    for await (const chunk of stream) await out.push(chunk as Buffer);
    await out.flush();
  })();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow([...columns]).commit();
  let rows = 0;
  return {
    async row(cells) {
      sheet.addRow(cells.map((c) => c ?? "")).commit();
      if (++rows % CHECK_EVERY !== 0) return;
      const entry = sheetEntryInput(sheet);
      watchBacklog?.(entry?._writableState?.length ?? Number.NaN);
      if (entry?._writableState?.needDrain) await new Promise<void>((resolve) => entry.once("drain", resolve));
      else if (!entry) await new Promise<void>((resolve) => setImmediate(resolve));
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
