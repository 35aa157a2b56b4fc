/**
 * A streaming CSV reader for batch files (issue 32, decisions D20.2): RFC 4180 quoting, comma or
 * semicolon (read from the header line), CRLF, LF or CR line ends, a UTF-8 byte order mark
 * dropped. Cells stay text: nothing is evaluated, so "=SUM(A1)" is the string "=SUM(A1)". Fed
 * chunk by chunk (`push`), it holds the records read so far and never more than `maxRecords`:
 * the caller stops reading when `full` says so. Pure and browser-safe.
 */
export type CsvSeparator = "," | ";";

export type CsvRecord = {
  /** The line of the file the record starts on (1-based; the header is line 1 of a file without blank lines first). */
  line: number;
  cells: string[];
};

export type CsvProblem = { line: number; message: string };

export type CsvResult =
  | { ok: true; separator: CsvSeparator; header: string[]; records: CsvRecord[] }
  | { ok: false; problem: CsvProblem };

type State = "start" | "unquoted" | "quoted" | "quote_in_quoted";

/** The separator of a header line: the one of "," and ";" seen more often outside quotes (comma on a tie). */
export function detectSeparator(line: string): CsvSeparator {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

export class CsvParser {
  private separator: CsvSeparator | null;
  private pending = "";
  private pendingQuoted = false;
  private state: State = "start";
  private cell = "";
  private cells: string[] = [];
  private line = 1;
  private recordLine = 1;
  private lastWasCr = false;
  private started = false;
  private problem: CsvProblem | null = null;
  readonly records: CsvRecord[] = [];

  constructor(private readonly options: { maxRecords: number; maxCellLength?: number; separator?: CsvSeparator }) {
    this.separator = options.separator ?? null;
  }

  /** Whether the parser holds more than `maxRecords` rows after the header: read no further. */
  get full(): boolean {
    return this.records.length > this.options.maxRecords + 1;
  }

  push(text: string): void {
    if (this.problem || this.full) return;
    let chunk = text;
    if (!this.started) {
      if (chunk.length === 0) return;
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    if (this.separator === null) {
      // Hold the text until the header line is whole, then decide the separator from it.
      const end = this.headerEnd(chunk);
      if (end < 0) {
        this.pending += chunk;
        return;
      }
      const header = this.pending + chunk.slice(0, end);
      this.separator = detectSeparator(header);
      chunk = header + chunk.slice(end);
      this.pending = "";
    }
    this.consume(chunk);
  }

  /** Where the header line ends in `chunk` (continuing the pending text), or -1. */
  private headerEnd(chunk: string): number {
    let quoted = this.pendingQuoted;
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (ch === '"') quoted = !quoted;
      else if (!quoted && (ch === "\n" || ch === "\r")) {
        this.pendingQuoted = quoted;
        return i;
      }
    }
    this.pendingQuoted = quoted;
    return -1;
  }

  private consume(text: string): void {
    const sep = this.separator as CsvSeparator;
    const max = this.options.maxCellLength ?? 4096;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (this.lastWasCr) {
        this.lastWasCr = false;
        if (ch === "\n") continue;
      }
      switch (this.state) {
        case "start":
        case "unquoted":
          if (ch === '"' && this.state === "start") {
            this.state = "quoted";
          } else if (ch === sep) {
            this.endCell();
          } else if (ch === "\n" || ch === "\r") {
            this.lastWasCr = ch === "\r";
            this.endRecord();
            this.line++;
            this.recordLine = this.line;
          } else {
            this.cell += ch;
            this.state = "unquoted";
          }
          break;
        case "quoted":
          if (ch === '"') this.state = "quote_in_quoted";
          else {
            if (ch === "\n" || (ch === "\r" && text[i + 1] !== "\n")) this.line++;
            this.cell += ch;
          }
          break;
        case "quote_in_quoted":
          if (ch === '"') {
            this.cell += '"';
            this.state = "quoted";
          } else if (ch === sep) {
            this.endCell();
          } else if (ch === "\n" || ch === "\r") {
            this.lastWasCr = ch === "\r";
            this.endRecord();
            this.line++;
            this.recordLine = this.line;
          } else {
            this.problem = {
              line: this.line,
              message: `Line ${this.line}: a quoted cell must end with a quote followed by "${sep}" or the end of the line`,
            };
            return;
          }
          break;
      }
      if (this.cell.length > max) {
        this.problem = {
          line: this.recordLine,
          message: `Line ${this.recordLine}: a cell is longer than ${max} characters`,
        };
        return;
      }
      if (this.full) return;
    }
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = "";
    this.state = "start";
  }

  private endRecord(): void {
    this.endCell();
    const cells = this.cells;
    this.cells = [];
    // A blank line, or a line of separators only (spreadsheets write those), is no record.
    if (cells.every((c) => c.trim() === "")) return;
    this.records.push({ line: this.recordLine, cells });
  }

  /** The file's records after its last chunk: a header and its rows, or the first problem met. */
  end(): CsvResult {
    if (!this.problem && !this.full) {
      if (this.separator === null) {
        const rest = this.pending;
        this.pending = "";
        this.separator = detectSeparator(rest);
        this.consume(rest);
      }
      if (this.state === "quoted")
        this.problem = { line: this.recordLine, message: `Line ${this.recordLine}: a quoted cell is never closed` };
      else if (this.cell !== "" || this.cells.length > 0 || this.state === "quote_in_quoted") this.endRecord();
    }
    if (this.problem) return { ok: false, problem: this.problem };
    if (this.full) {
      return {
        ok: false,
        problem: {
          line: this.records[this.records.length - 1].line,
          message: `The file has more than ${this.options.maxRecords} rows`,
        },
      };
    }
    const [header, ...records] = this.records;
    if (!header)
      return {
        ok: false,
        problem: { line: 1, message: "The file is empty: it needs a header line and at least one row" },
      };
    return { ok: true, separator: this.separator ?? ",", header: header.cells.map((h) => h.trim()), records };
  }
}

/** Parses a whole text (tests and small files): the same reader fed in one chunk. */
export function parseCsv(
  text: string,
  options: { maxRecords: number; maxCellLength?: number } = { maxRecords: 100_000 },
): CsvResult {
  const parser = new CsvParser(options);
  parser.push(text);
  return parser.end();
}

/** Writes records as CSV with `separator`, quoting only where needed (the parser's inverse; no formula guard: see lib/dashboard/csv.ts for exports). */
export function writeCsvRecords(records: string[][], separator: CsvSeparator = ","): string {
  const quote = (v: string) =>
    v.includes(separator) || /["\r\n]/.test(v) || v === "" ? (v === "" ? "" : `"${v.replace(/"/g, '""')}"`) : v;
  return `${records.map((r) => r.map(quote).join(separator)).join("\r\n")}\r\n`;
}
