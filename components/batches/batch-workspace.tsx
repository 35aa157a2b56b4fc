"use client";

import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Card } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { useToast } from "@/components/ui/toast";
import { cancelBatch } from "@/lib/batches/actions/cancel-batch";
import { setBatchRowsIncluded } from "@/lib/batches/actions/set-batch-rows-included";
import { startBatchDryRun } from "@/lib/batches/actions/start-batch-dry-run";
import { dryRunBatch } from "@/lib/batches/actions/dry-run-batch";
import { newBatchFromFailedRows } from "@/lib/batches/actions/new-batch-from-failed-rows";
import { submitBatch } from "@/lib/batches/actions/submit-batch";
import { keepBatchRows } from "@/lib/batches/actions/keep-batch-rows";
import { retryFailedBatchRows } from "@/lib/batches/actions/retry-failed-batch-rows";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { ActionResult } from "@/lib/dashboard/action-result";
import type { BatchCheck, BatchRowView, BatchState, RowFilter } from "@/lib/batches/types";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { Balance } from "@/lib/schemas/sandbox";
import { BatchProgressBar } from "./batch-progress";
import { BatchReceipt } from "./batch-receipt";
import { BatchRowsTable, FILTER_LABELS } from "./batch-rows-table";
import { BatchStatusBadge } from "./batch-status-badge";
import { BatchNotices } from "./batch-notices";
import { BatchSubmitBar } from "./batch-submit-bar";
import { FundingOfferDialog } from "./funding-offer-dialog";
import { BatchReviewPanel } from "./batch-review-panel";
import { batchOutcome } from "@/lib/batches/outcome";
import { keptColumns, referenceColumn } from "@/lib/batches/templates";
import { BatchTotalsCard } from "./batch-totals";
import { FixRowDialog } from "./fix-row-dialog";
import { SubmitProductionDialog } from "./submit-production-dialog";

const POLL_MS = 1_500;

/** Whether anything may still change without a click: a dry run or sends under way, or sent rows still moving. */
function live(state: BatchState): boolean {
  const b = state.batch;
  return (
    b.dryRunState === "queued" ||
    b.dryRunState === "running" ||
    b.quoteState === "queued" ||
    b.quoteState === "running" ||
    b.status === "sending" ||
    b.status === "held" ||
    state.progress.moving > 0
  );
}

/**
 * A batch's page, live: the file's receipt, the totals, the review table (fix, drop, keep), the
 * dry run, the submission and the progress of the sends. Reads come from GET
 * /batches/<id>/progress (polled while something moves); changes go through server actions.
 */
export function BatchWorkspace({
  initial,
  environment,
  canManage,
  balances,
}: {
  initial: BatchState;
  environment: Environment;
  canManage: boolean;
  balances: Balance[] | null;
}) {
  const id = initial.batch.id;
  const queryClient = useQueryClient();
  const router = useRouter();
  const { toast } = useToast();
  const [page, setPage] = useState(initial.page);
  const [filter, setFilter] = useState<RowFilter>(initial.filter);
  const [fixing, setFixing] = useState<BatchRowView | null>(null);
  const [busyRow, setBusyRow] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [fundingOffer, setFundingOffer] = useState<string | null>(null);
  const [heldMessage, setHeldMessage] = useState<{ id: string; message: string } | null>(null);
  const [pending, start] = useTransition();
  // The dry run in the batch's own environment (issue 44): its report, kept while the page is open.
  const [check, setCheck] = useState<BatchCheck | null>(null);
  const [checking, startCheck] = useTransition();
  const runCheck = () =>
    startCheck(async () => {
      const result = await dryRunBatch({ batchId: id });
      if (!result.ok) toast({ title: "Dry run not run", description: result.error.message, tone: "error" });
      else setCheck(result.data);
    });
  const key = queryKeys.batches.page(environment, id, page, filter);
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<BatchState> => {
      const res = await fetch(`/batches/${encodeURIComponent(id)}/progress?page=${page}&filter=${filter}`, {
        cache: "no-store",
      });
      if (!res.ok) throw new Error(`The console answered ${res.status}`);
      return res.json();
    },
    initialData: page === initial.page && filter === initial.filter ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data && live(q.state.data) ? POLL_MS : false),
  });
  const state = query.data ?? initial;
  const b = state.batch;
  const review = b.status === "review";
  const editable = canManage && review;
  const dryRunning = b.dryRunState === "queued" || b.dryRunState === "running";
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.batches.detail(environment, id) });

  /** Runs an action; a refusal is said in a toast; the page's data is read again either way. */
  const act = <T,>(title: string, call: () => Promise<ActionResult<T>>, after?: (data: T) => void) =>
    start(async () => {
      const result = await call();
      if (!result.ok) toast({ title, description: result.error.message, tone: "error" });
      else after?.(result.data);
      await refresh();
      setBusyRow(null);
    });

  const include = (row: BatchRowView, included: boolean) => {
    setBusyRow(row.rowNo);
    act(included ? "Not kept" : "Not dropped", () =>
      setBatchRowsIncluded({ batchId: id, rowNos: [row.rowNo], included }),
    );
  };
  const keep = (row: BatchRowView) => {
    setBusyRow(row.rowNo);
    act("Not kept", () => keepBatchRows({ batchId: id, rowNos: [row.rowNo] }));
  };
  const submit = (confirmProduction: boolean, fundingFirst = false) =>
    start(async () => {
      const result = await submitBatch({ batchId: id, fundingFirst }, { environment, confirmProduction });
      setConfirming(false);
      if (!result.ok) {
        // Over the balance (issue 44): said, and sent only if the person says it will be funded first.
        if (result.error.code === "insufficient_balance") setFundingOffer(result.error.message);
        else toast({ title: "Not submitted", description: result.error.message, tone: "error" });
      } else {
        setFundingOffer(null);
        if (result.data.held) setHeldMessage({ id: result.data.held.submissionId, message: result.data.held.message });
        else
          toast({
            title: "Sending",
            description: "Every row goes out with its own Idempotency-Key; follow it here.",
            tone: "success",
          });
      }
      await refresh();
    });

  const counts: Record<RowFilter, number> = {
    all: state.progress.rows,
    problems: state.progress.invalid,
    duplicates: state.duplicates,
    dropped: state.progress.dropped,
    // The same rows the Failed counter counts once sending started; before that, the dry run's (issue 44).
    failed: b.status === "sending" || b.status === "done" ? state.progress.failed : state.progress.dryRunFailed,
  };
  const kept = keptColumns(b.kind, b.header);
  const reference = referenceColumn(b.header);
  // Rows still to send (after "Retry failed rows", the paid ones are not among them).
  const valid = state.progress.waiting - state.progress.invalid;

  return (
    <div
      className="space-y-6"
      data-testid="batch-workspace"
      data-status={b.status}
      data-dry-run={b.dryRunState ?? "none"}
    >
      <div className="flex flex-wrap items-center gap-3">
        <BatchStatusBadge status={b.status} progress={state.progress} />
        <p className="text-sm text-slate-600">
          {state.progress.rows.toLocaleString("en-US")} {state.progress.rows === 1 ? "row" : "rows"} ·{" "}
          <span data-testid="valid-count">{valid}</span> to send · {state.progress.invalid} with problems ·{" "}
          {state.progress.dropped} dropped
        </p>
      </div>
      <BatchNotices
        batch={b}
        failed={state.progress.failed}
        submissionStatus={state.submissionStatus}
        canManage={canManage}
        pending={pending}
        heldMessage={heldMessage}
        kept={kept}
        reference={reference}
        onRetryFailed={() =>
          act(
            "Not retried",
            () => retryFailedBatchRows({ batchId: id }),
            (data) =>
              toast({
                title: "Failed rows back for review",
                description: `${data.rows} row${data.rows === 1 ? "" : "s"} to check and submit again.`,
                tone: "success",
              }),
          )
        }
        onNewBatchFromFailed={() =>
          act(
            "No new batch",
            () => newBatchFromFailedRows({ batchId: id }),
            (data) => router.push(`/batches/${data.id}`),
          )
        }
      />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
        <BatchTotalsCard
          kind={b.kind}
          totals={state.totals}
          dryRunFees={state.dryRunFees}
          quoteFees={state.quoteFees}
          funding={state.funding}
          quoted={state.quoted}
          balances={review ? balances : null}
          settled={state.settled}
        />
        <Card
          title={
            b.status === "review"
              ? `Dry run in ${b.environment}`
              : b.status === "done"
                ? batchOutcome(b.status, state.progress).label
                : b.status === "sending"
                  ? "Sending"
                  : b.status === "held"
                    ? "Waiting for approval"
                    : "Nothing sent"
          }
          description={
            b.status === "review"
              ? `Checks what submitting would meet in ${b.environment}: the rows, ${b.kind === "disbursement" ? "the balance" : "the service's prices"}, ${b.environment === "production" ? "cooling-off, your daily limit " : ""}and the approval rule. Nothing is sent.`
              : `Each row goes out once, with its own Idempotency-Key (batch_${b.id}_<row>).`
          }
        >
          {b.status === "review" ? (
            <BatchReviewPanel
              batch={b}
              progress={state.progress}
              valid={valid}
              editable={editable}
              check={check}
              checking={checking}
              onCheck={runCheck}
              dryRunning={dryRunning}
              pending={pending}
              onRehearse={() => act("Rehearsal not started", () => startBatchDryRun({ batchId: id }))}
            />
          ) : (
            <BatchProgressBar progress={state.progress} />
          )}
        </Card>
        <BatchReceipt batch={b} />
      </div>

      {editable ? (
        <BatchSubmitBar
          valid={valid}
          invalid={state.progress.invalid}
          undecidedRowNos={state.undecidedRowNos}
          pending={pending}
          dryRunning={dryRunning}
          onSubmit={() => (environment === "production" ? setConfirming(true) : submit(false))}
          onDropInvalid={() =>
            act("Not dropped", () =>
              setBatchRowsIncluded({ batchId: id, rowNos: state.invalidRowNos, included: false }),
            )
          }
          onDiscard={() => act("Not discarded", () => cancelBatch({ batchId: id }))}
        />
      ) : null}

      <section aria-labelledby="rows-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="rows-heading" className="text-base font-semibold text-slate-900">
            Rows
          </h2>
          <fieldset className="flex flex-wrap gap-1.5">
            <legend className="sr-only">Show</legend>
            {(Object.keys(FILTER_LABELS) as RowFilter[]).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => {
                  setFilter(f);
                  setPage(1);
                }}
                className="rounded-full border border-slate-200 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 aria-pressed:border-accent-300 aria-pressed:bg-accent-50 aria-pressed:text-accent-800"
              >
                {FILTER_LABELS[f]} ({counts[f]})
              </button>
            ))}
          </fieldset>
        </div>
        <BatchRowsTable
          kind={b.kind}
          rows={state.rows}
          status={b.status}
          editable={editable}
          showDryRun={b.dryRunState !== null}
          onFix={setFixing}
          onInclude={include}
          onKeep={keep}
          busyRow={busyRow}
        />
        {state.pages > 1 ? (
          <Pagination page={state.page} pageSize={50} total={state.filteredCount} onPageChange={setPage} />
        ) : null}
      </section>

      {fixing ? (
        <FixRowDialog
          batchId={id}
          header={b.header}
          row={fixing}
          onClose={() => setFixing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
      {fundingOffer ? (
        <FundingOfferDialog
          message={fundingOffer}
          pending={pending}
          onSubmit={() => submit(environment === "production", true)}
          onClose={() => setFundingOffer(null)}
        />
      ) : null}
      {confirming ? (
        <SubmitProductionDialog
          rows={valid}
          totals={state.totals}
          balances={balances}
          drawsOnBalance={b.kind === "disbursement"}
          pending={pending}
          onSubmit={(fundingFirst) => submit(true, fundingFirst)}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
