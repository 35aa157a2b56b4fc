"use client";

import { FundedFirstCheckbox } from "./funded-first-checkbox";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { AlertIcon, CheckIcon, ClockIcon, FlaskIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import { Pagination } from "@/components/ui/pagination";
import { useToast } from "@/components/ui/toast";
import { cancelBatch } from "@/lib/actions/cancel-batch";
import { setBatchRowsIncluded } from "@/lib/actions/set-batch-rows-included";
import { startBatchDryRun } from "@/lib/actions/start-batch-dry-run";
import { dryRunBatch } from "@/lib/actions/dry-run-batch";
import { newBatchFromFailedRows } from "@/lib/actions/new-batch-from-failed-rows";
import { submitBatch } from "@/lib/actions/submit-batch";
import { keepBatchRows } from "@/lib/actions/keep-batch-rows";
import { retryFailedBatchRows } from "@/lib/actions/retry-failed-batch-rows";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { ActionResult } from "@/lib/dashboard/action-result";
import type { BatchCheck, BatchRowView, BatchState, RowFilter } from "@/lib/batches/types";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { Balance } from "@/lib/schemas/sandbox";
import { BatchCheckReport } from "./batch-check-report";
import { BatchProgressBar } from "./batch-progress";
import { BatchReceipt } from "./batch-receipt";
import { BatchRowsTable, FILTER_LABELS } from "./batch-rows-table";
import { BatchStatusBadge } from "./batch-status-badge";
import { batchOutcome, OVERSIZE_FACTOR } from "@/lib/batches/outcome";
import { keptColumns, referenceColumn } from "@/lib/batches/templates";
import { BatchTotalsCard } from "./batch-totals";
import { FixRowDialog } from "./fix-row-dialog";
import { SubmitProductionDialog } from "./submit-production-dialog";
import { formatUtcMinute } from "@/lib/dashboard/format-date";

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
  const [fundingSaid, setFundingSaid] = useState(false);
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
  const undecided = state.undecidedRowNos.length;
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
      {b.follows ? (
        <p className="text-sm text-slate-600" data-testid="batch-follows">
          Made from the failed rows of{" "}
          <Link href={`/batches/${b.follows}`} className="font-medium underline underline-offset-2">
            an earlier batch
          </Link>
          .
        </p>
      ) : null}
      {b.followedBy ? (
        <p
          role="status"
          className="rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-3 text-sm text-slate-700"
          data-testid="batch-followed"
        >
          Its failed rows went into{" "}
          <Link href={`/batches/${b.followedBy}`} className="font-medium underline underline-offset-2">
            a new batch
          </Link>
          : they are retried there, never here too.
        </p>
      ) : null}
      {canManage && b.status === "done" && state.progress.failed > 0 && !b.followedBy ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          data-testid="retry-failed"
        >
          <p className="min-w-0 flex-1">
            {state.progress.failed === 1 ? "1 row failed" : `${state.progress.failed} rows failed`}. After a top-up or a
            fix, send {state.progress.failed === 1 ? "it" : "them"} again here, or as a new batch: the rows already paid
            are never sent again, and either way goes through the same checks and approvals.
          </p>
          <Button
            size="sm"
            variant="secondary"
            loading={pending}
            onClick={() =>
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
          >
            Retry failed rows
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={pending}
            data-testid="new-batch-from-failed"
            onClick={() =>
              act(
                "No new batch",
                () => newBatchFromFailedRows({ batchId: id }),
                (data) => router.push(`/batches/${data.id}`),
              )
            }
          >
            New batch from failed rows
          </Button>
        </div>
      ) : null}
      {kept.length > 0 ? (
        <p className="text-sm text-slate-600" data-testid="kept-columns">
          Not sent, kept with each row and in the results: {kept.map((c) => `“${c}”`).join(", ")}.
        </p>
      ) : null}
      {reference ? (
        <p className="text-sm text-slate-600" data-testid="reference-column">
          “{reference}” is each row&apos;s reference: the console keeps it with what the row creates, on its page, in
          the exports and the balance statement, and in the results.
        </p>
      ) : null}

      {b.sameFile.length > 0 ? (
        <div
          role="status"
          className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          data-testid="duplicate-file"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <p>
            The same file (same SHA-256) was uploaded before:{" "}
            {b.sameFile.map((s, i) => (
              <span key={s.id}>
                {i > 0 ? ", " : ""}
                <Link href={`/batches/${s.id}`} className="font-medium underline underline-offset-2">
                  {formatUtcMinute(s.createdAt)} ({s.status})
                </Link>
              </span>
            ))}
            . Make sure it is not paid twice.
          </p>
        </div>
      ) : null}

      {heldMessage || (b.status === "held" && b.submissionId) ? (
        <div
          role="status"
          className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          data-testid="batch-held"
        >
          <ClockIcon className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-medium">Waiting for approval</p>
            <p className="mt-0.5">
              {heldMessage?.message ?? "Someone who may approve it must approve this batch before any row is sent."}
            </p>
            <Link
              href={`/approvals/${heldMessage?.id ?? b.submissionId}`}
              className="mt-1 inline-block font-medium underline underline-offset-2"
            >
              Follow it on the Approvals page
            </Link>
          </div>
        </div>
      ) : null}
      {b.status === "denied" ? (
        <p role="status" className="rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-900">
          This batch was not approved ({state.submissionStatus}): nothing was sent. Upload the file again to start over.
        </p>
      ) : null}

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
            <div className="space-y-4">
              <div className="space-y-3" data-testid="check-panel">
                {check ? (
                  <BatchCheckReport check={check} />
                ) : (
                  <p className="text-sm text-slate-500">Not run yet. It reads; it sends and writes nothing.</p>
                )}
                {editable ? (
                  <Button
                    variant="secondary"
                    onClick={runCheck}
                    loading={checking}
                    disabled={valid === 0}
                    data-testid="start-check"
                  >
                    <CheckIcon className="size-4" /> {check ? "Run the dry run again" : `Dry run in ${b.environment}`}
                  </Button>
                ) : null}
              </div>
              <div className="space-y-3 border-t border-slate-100 pt-4" data-testid="dry-run-panel">
                <h3 className="text-sm font-semibold text-slate-900">Rehearse in sandbox</h3>
                <p className="text-xs text-slate-500">
                  Creates every row in sandbox and takes each through its flow with the sandbox transitions and clock.
                  {b.environment === "production" ? " Nothing touches production." : ""}
                </p>
                {b.dryRunState === "done" ? (
                  <p className="text-sm text-slate-700" data-testid="dry-run-summary">
                    {state.progress.dryRunDone - state.progress.dryRunFailed} of {state.progress.dryRunDone} rows would
                    go through
                    {state.progress.dryRunFailed > 0
                      ? `; ${state.progress.dryRunFailed} would fail (see the table)`
                      : ""}
                    .
                  </p>
                ) : dryRunning ? (
                  <p className="text-sm text-slate-700" aria-live="polite">
                    Running: {state.progress.dryRunDone} of {valid} rows tried…
                  </p>
                ) : b.dryRunState === "failed" ? (
                  <p className="text-sm text-red-800">{b.dryRunError}</p>
                ) : (
                  <p className="text-sm text-slate-500">
                    Not run yet. It moves the sandbox clock forward and spends sandbox balance.
                  </p>
                )}
                {editable ? (
                  <Button
                    variant="secondary"
                    onClick={() => act("Rehearsal not started", () => startBatchDryRun({ batchId: id }))}
                    loading={pending && dryRunning}
                    disabled={dryRunning || valid === 0}
                    data-testid="start-dry-run"
                  >
                    <FlaskIcon className="size-4" />{" "}
                    {b.dryRunState === "done" ? "Rehearse again" : "Rehearse in sandbox"}
                  </Button>
                ) : null}
              </div>
            </div>
          ) : (
            <BatchProgressBar progress={state.progress} />
          )}
        </Card>
        <BatchReceipt batch={b} />
      </div>

      {editable ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]">
          <Button
            onClick={() => (environment === "production" ? setConfirming(true) : submit(false))}
            loading={pending && !dryRunning}
            disabled={state.progress.invalid > 0 || undecided > 0 || valid === 0 || dryRunning}
            data-testid="submit-batch"
          >
            Submit {valid} row{valid === 1 ? "" : "s"}
          </Button>
          {undecided > 0 && state.progress.invalid === 0 ? (
            <p className="text-sm text-amber-800" data-testid="undecided-rows">
              {undecided === 1 ? "1 flagged row needs" : `${undecided} flagged rows need`} a decision first: keep or
              drop {undecided === 1 ? "it" : "each"} (rows {state.undecidedRowNos.slice(0, 10).join(", ")}). A repeat of
              an earlier row, or an amount over {OVERSIZE_FACTOR}× the file&apos;s usual one, is never sent by default.
            </p>
          ) : null}
          {state.progress.invalid > 0 ? (
            <>
              <p className="text-sm text-slate-600">
                {state.progress.invalid === 1
                  ? "Fix or drop the row with a problem first."
                  : `Fix or drop the ${state.progress.invalid} rows with problems first.`}
              </p>
              <Button
                variant="secondary"
                size="sm"
                onClick={() =>
                  act("Not dropped", () =>
                    setBatchRowsIncluded({ batchId: id, rowNos: state.invalidRowNos, included: false }),
                  )
                }
              >
                {state.progress.invalid === 1
                  ? "Drop the row with a problem"
                  : `Drop all ${state.progress.invalid} rows with problems`}
              </Button>
            </>
          ) : (
            <p className="text-sm text-slate-600">
              It goes through the approval rules as one submission with its total.
            </p>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={() => act("Not discarded", () => cancelBatch({ batchId: id }))}
          >
            Discard the batch
          </Button>
        </div>
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
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setFundingOffer(null))}
          title="More than the balance"
          description={fundingOffer}
          footer={
            <DialogActions cancel="Keep reviewing">
              <Button
                variant="warning"
                disabled={!fundingSaid}
                loading={pending}
                onClick={() => submit(environment === "production", true)}
                data-testid="confirm-funding-first"
              >
                Submit, funding first
              </Button>
            </DialogActions>
          }
        >
          <div className="space-y-3 text-sm text-slate-700" data-testid="funding-offer">
            <p>
              Rows sent before the balance is topped up fail. The approver sees the shortfall, and the batch page says
              which rows failed.
            </p>
            <FundedFirstCheckbox checked={fundingSaid} onChange={setFundingSaid} />
          </div>
        </Dialog>
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
