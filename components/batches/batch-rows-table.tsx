"use client";

import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Link } from "@/components/ui/link";
import type { BatchRowView, BatchStatus, RowFilter } from "@/lib/batches/types";
import type { BatchKind } from "@/lib/batches/templates";
import { formatMoney } from "@/lib/money/format";
import { failureInWords, needsDecision, OVERSIZE_FACTOR } from "@/lib/batches/outcome";

type Row = BatchRowView & { id: string };

export const FILTER_LABELS: Record<RowFilter, string> = {
  all: "All rows",
  problems: "Problems",
  duplicates: "Duplicates",
  dropped: "Dropped",
  failed: "Failed",
};

/** Each row of the file: who it pays and how much, what the check found, what the dry run found, and what sending it made. */
export function BatchRowsTable({
  kind,
  rows,
  status,
  editable,
  showDryRun,
  onFix,
  onInclude,
  onKeep,
  busyRow,
}: {
  kind: BatchKind;
  rows: BatchRowView[];
  status: BatchStatus;
  editable: boolean;
  showDryRun: boolean;
  onFix: (row: BatchRowView) => void;
  onInclude: (row: BatchRowView, included: boolean) => void;
  /** Keeps a flagged row (a repeat, far above the usual) after a look (issue 44). */
  onKeep?: (row: BatchRowView) => void;
  busyRow: number | null;
}) {
  const sent = status === "sending" || status === "done";
  const href = (id: string) => (kind === "disbursement" ? `/disbursements/${id}` : `/settlement-requests/${id}`);
  return (
    <DataTable
      caption="Rows of the batch"
      rows={rows.map((r): Row => ({ ...r, id: String(r.rowNo) }))}
      rowTestId="batch-line"
      rowProps={(r) => ({
        "data-row": String(r.rowNo),
        "data-state": !r.included ? "dropped" : r.problems.length > 0 ? "invalid" : "valid",
      })}
      empty="No rows here."
      stackOnPhone
      columns={[
        { header: "Row", numeric: true, className: "text-slate-500", cell: (r) => r.rowNo },
        {
          header: "Pays",
          className: "max-w-48 truncate font-medium text-slate-900",
          title: (r) => r.payee,
          cell: (r) => r.payee,
        },
        {
          header: "Amount",
          numeric: true,
          cell: (r) => (r.amount && r.currency ? formatMoney(r.amount, r.currency) : "—"),
        },
        {
          header: "Check",
          className: "min-w-56",
          cell: (r) =>
            !r.included ? (
              <Badge tone="neutral">Dropped</Badge>
            ) : r.problems.length > 0 ? (
              <ul className="space-y-0.5 text-xs text-red-800" data-testid="row-problems">
                {r.problems.map((p) => (
                  <li key={`${p.column}${p.message}`}>
                    <span className="font-mono font-medium">{p.column}</span>: {p.message}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="flex flex-wrap items-center gap-1.5">
                <Badge tone="success">{r.edited ? "OK (fixed)" : "OK"}</Badge>
                {r.duplicateOf !== null ? (
                  <Badge tone={r.kept ? "neutral" : "warning"} data-testid="duplicate-flag">
                    Repeats row {r.duplicateOf}
                    {r.kept ? " (kept)" : ""}
                  </Badge>
                ) : null}
                {r.oversize ? (
                  <Badge tone={r.kept ? "neutral" : "warning"} data-testid="oversize-flag">
                    Over {OVERSIZE_FACTOR}× the file&apos;s usual amount{r.kept ? " (kept)" : ""}
                  </Badge>
                ) : null}
                {r.quote && "fee" in r.quote ? (
                  <span className="text-xs text-slate-500" data-testid="row-quote">
                    Fee {formatMoney(r.quote.fee, r.quote.feeCurrency)}
                  </span>
                ) : r.quote && "error" in r.quote ? (
                  <span className="text-xs text-amber-800" data-testid="row-quote">
                    Not quoted: {r.quote.error}
                  </span>
                ) : null}
              </span>
            ),
        },
        ...(showDryRun
          ? [
              {
                header: "Dry run",
                className: "min-w-40",
                cell: (r: Row) =>
                  !r.dryRun ? (
                    <span className="text-xs text-slate-500">—</span>
                  ) : (
                    <div className="space-y-0.5 text-xs" data-testid="dry-run-cell">
                      {r.dryRun.finalStatus ? (
                        <StatusBadge status={r.dryRun.finalStatus} />
                      ) : (
                        <Badge tone="danger">Refused</Badge>
                      )}
                      {r.dryRun.fee && r.dryRun.feeCurrency ? (
                        <p className="text-slate-500">Fee {formatMoney(r.dryRun.fee, r.dryRun.feeCurrency)}</p>
                      ) : null}
                      {r.dryRun.failure ? <p className="break-words text-red-800">{r.dryRun.failure}</p> : null}
                    </div>
                  ),
              },
            ]
          : []),
        ...(sent
          ? [
              {
                header: "Sent",
                className: "min-w-40",
                cell: (r: Row) =>
                  r.sendState === "sent" && r.resultId ? (
                    <div className="space-y-0.5 text-xs">
                      {r.resultStatus ? <StatusBadge status={r.resultStatus} /> : null}
                      <Link
                        href={href(r.resultId)}
                        className="block font-mono text-accent-700 hover:underline"
                        data-testid="row-result-link"
                      >
                        {r.resultId.slice(0, 8)}…
                      </Link>
                    </div>
                  ) : r.sendState === "failed" ? (
                    <FailureText failure={r.failure} />
                  ) : r.included && r.problems.length === 0 ? (
                    <Badge tone="neutral">{r.sendState === "sending" ? "Sending" : "Waiting"}</Badge>
                  ) : (
                    <span className="text-xs text-slate-500">Not sent</span>
                  ),
              },
            ]
          : []),
        ...(editable
          ? [
              {
                header: <span className="sr-only">Actions</span>,
                label: "",
                headerClassName: "text-right",
                className: "text-right whitespace-nowrap",
                cell: (r: Row) => (
                  <span className="inline-flex gap-1.5">
                    {r.included && r.problems.length > 0 ? (
                      <Button size="sm" variant="secondary" onClick={() => onFix(r)} aria-label={`Fix row ${r.rowNo}`}>
                        Fix
                      </Button>
                    ) : r.included && r.sendState === "waiting" ? (
                      <Button size="sm" variant="secondary" onClick={() => onFix(r)} aria-label={`Edit row ${r.rowNo}`}>
                        Edit
                      </Button>
                    ) : null}
                    {needsDecision(r) && onKeep ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        loading={busyRow === r.rowNo}
                        onClick={() => onKeep(r)}
                        aria-label={`Keep flagged row ${r.rowNo}`}
                      >
                        Keep
                      </Button>
                    ) : null}
                    {r.sendState === "waiting" ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={busyRow === r.rowNo}
                        onClick={() => onInclude(r, !r.included)}
                        aria-label={`${r.included ? "Drop" : "Keep"} row ${r.rowNo}`}
                      >
                        {r.included ? "Drop" : "Keep"}
                      </Button>
                    ) : null}
                  </span>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** A row's failure in words, with the API's code beside it for support (issue 44). */
function FailureText({ failure }: { failure: string | null }) {
  const said = failureInWords(failure);
  return (
    <p className="text-xs break-words text-red-800" data-testid="row-failure">
      {said?.words ?? "Failed"}
      {said?.code ? (
        <>
          {" "}
          <span className="font-mono text-[11px] text-red-700/80">({said.code})</span>
        </>
      ) : null}
    </p>
  );
}
