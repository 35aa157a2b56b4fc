import { parseCsv } from "@/lib/csv/parse";
import { EXPECTED_CSV_COLUMNS, expectedInputSchema, type ExpectedParsed } from "./expected-input";
import { MAX_IMPORT_ROWS } from "./import-limits";

export type ImportProblem = { line: number; column: string | null; message: string };
export type ImportResult = { ok: true; rows: ExpectedParsed[] } | { ok: false; problems: ImportProblem[] };

/**
 * Reads expected settlements from CSV (issue 46) with the batch upload's reader: a header row,
 * comma or semicolon, quoted cells, nothing evaluated. Every row is checked with the form's
 * schema; one bad row and nothing is imported, and each problem names its line and column.
 * Pure: the action writes what it returns.
 */
export function readExpectedCsv(text: string): ImportResult {
  const parsed = parseCsv(text, { maxRecords: MAX_IMPORT_ROWS + 1 });
  if (!parsed.ok)
    return { ok: false, problems: [{ line: parsed.problem.line, column: null, message: parsed.problem.message }] };
  const header = parsed.header.map((h) => h.toLowerCase());
  const missing = ["amount", "currency", "window_start", "window_end"].filter((c) => !header.includes(c));
  if (missing.length > 0)
    return { ok: false, problems: [{ line: 1, column: null, message: `The header lacks ${missing.join(", ")}` }] };
  if (parsed.records.length === 0)
    return { ok: false, problems: [{ line: 2, column: null, message: "The file has no rows" }] };
  if (parsed.records.length > MAX_IMPORT_ROWS)
    return {
      ok: false,
      problems: [
        { line: 1, column: null, message: `At most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows in one file` },
      ],
    };
  const rows: ExpectedParsed[] = [];
  const problems: ImportProblem[] = [];
  for (const record of parsed.records) {
    const values: Record<string, string> = {};
    for (const column of EXPECTED_CSV_COLUMNS) {
      const at = header.indexOf(column);
      const cell = at >= 0 ? (record.cells[at] ?? "").trim() : "";
      if (cell === "") continue;
      values[column] = column === "currency" ? cell.toUpperCase() : column === "direction" ? cell.toLowerCase() : cell;
    }
    const result = expectedInputSchema.safeParse(values);
    if (result.success) rows.push(result.data);
    else
      for (const issue of result.error.issues)
        problems.push({ line: record.line, column: String(issue.path[0] ?? "") || null, message: issue.message });
    if (problems.length >= 50) break;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows };
}
