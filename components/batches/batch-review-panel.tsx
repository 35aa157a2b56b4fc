"use client";

import { Button } from "@/components/ui/button";
import { CheckIcon, FlaskIcon } from "@/components/ui/icons";
import type { BatchCheck, BatchState } from "@/lib/batches/types";
import { BatchCheckReport } from "./batch-check-report";

/**
 * A batch under review: the dry run in its own environment (reads only) and the rehearsal in
 * the sandbox (creates every row there), each with its last answer and its button.
 */
export function BatchReviewPanel({
  batch: b,
  progress,
  valid,
  editable,
  check,
  checking,
  onCheck,
  dryRunning,
  pending,
  onRehearse,
}: {
  batch: BatchState["batch"];
  progress: BatchState["progress"];
  valid: number;
  editable: boolean;
  check: BatchCheck | null;
  checking: boolean;
  onCheck: () => void;
  dryRunning: boolean;
  pending: boolean;
  onRehearse: () => void;
}) {
  return (
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
            onClick={onCheck}
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
            {progress.dryRunDone - progress.dryRunFailed} of {progress.dryRunDone} rows would go through
            {progress.dryRunFailed > 0 ? `; ${progress.dryRunFailed} would fail (see the table)` : ""}.
          </p>
        ) : dryRunning ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            Running: {progress.dryRunDone} of {valid} rows tried…
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
            onClick={onRehearse}
            loading={pending && dryRunning}
            disabled={dryRunning || valid === 0}
            data-testid="start-dry-run"
          >
            <FlaskIcon className="size-4" /> {b.dryRunState === "done" ? "Rehearse again" : "Rehearse in sandbox"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
