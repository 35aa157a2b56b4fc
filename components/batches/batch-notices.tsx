"use client";

import { Button } from "@/components/ui/button";
import { AlertIcon, ClockIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import type { BatchState } from "@/lib/batches/types";
import { formatUtcMinute } from "@/lib/dashboard/format-date";

/**
 * What a batch's page says above its figures: where it came from or went, the failed rows'
 * ways forward, the columns it keeps, a file seen before, a wait for approval, a denial.
 */
export function BatchNotices({
  batch: b,
  failed,
  submissionStatus,
  canManage,
  pending,
  heldMessage,
  kept,
  reference,
  onRetryFailed,
  onNewBatchFromFailed,
}: {
  batch: BatchState["batch"];
  failed: number;
  submissionStatus: BatchState["submissionStatus"];
  canManage: boolean;
  pending: boolean;
  heldMessage: { id: string; message: string } | null;
  kept: readonly string[];
  reference: string | null;
  onRetryFailed: () => void;
  onNewBatchFromFailed: () => void;
}) {
  return (
    <>
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
      {canManage && b.status === "done" && failed > 0 && !b.followedBy ? (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
          data-testid="retry-failed"
        >
          <p className="min-w-0 flex-1">
            {failed === 1 ? "1 row failed" : `${failed} rows failed`}. After a top-up or a fix, send{" "}
            {failed === 1 ? "it" : "them"} again here, or as a new batch: the rows already paid are never sent again,
            and either way goes through the same checks and approvals.
          </p>
          <Button size="sm" variant="secondary" loading={pending} onClick={onRetryFailed}>
            Retry failed rows
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={pending}
            data-testid="new-batch-from-failed"
            onClick={onNewBatchFromFailed}
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
          This batch was not approved ({submissionStatus}): nothing was sent. Upload the file again to start over.
        </p>
      ) : null}
    </>
  );
}
