import { toCsv, type CsvColumn } from "@/lib/dashboard/csv";
import { rowFailed } from "./outcome";
import type { BatchRowView } from "./types";

/** What each row became, in words: dropped, not sent (problems), waiting, sent or failed. */
export function rowOutcome(row: BatchRowView): string {
  if (!row.included) return "dropped";
  if (row.problems.length > 0) return "invalid";
  return rowFailed(row) ? "failed" : row.sendState;
}

/**
 * The results file: the uploaded columns as they were (or as corrected), those not sent
 * (employee_id, note, reference…) included, then row, outcome, id, status and failure reason. Cells that a spreadsheet would run as a formula are guarded as in
 * every export (lib/dashboard/csv.ts).
 */
export function resultsCsv(header: string[], rows: BatchRowView[], separator = ","): string {
  const columns: CsvColumn<BatchRowView>[] = [
    ...header.map((h, i): CsvColumn<BatchRowView> => ({ header: h, value: (r) => r.cells[i] ?? "" })),
    { header: "row", value: (r) => String(r.rowNo) },
    { header: "outcome", value: rowOutcome },
    { header: "id", value: (r) => r.resultId },
    { header: "status", value: (r) => r.resultStatus },
    {
      header: "failure_reason",
      value: (r) =>
        r.failure ?? (r.problems.length > 0 ? r.problems.map((p) => `${p.column}: ${p.message}`).join("; ") : null),
    },
  ];
  // The upload's separator (issue 44): a file written with semicolons opens in the same spreadsheet.
  return toCsv(columns, rows, separator);
}
