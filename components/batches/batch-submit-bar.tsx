"use client";

import { Button } from "@/components/ui/button";
import { OVERSIZE_FACTOR } from "@/lib/batches/outcome";

/**
 * Under a batch in review: Submit (held while a row has a problem or a flagged row waits for a
 * decision, and saying which), drop the rows with problems, discard the batch.
 */
export function BatchSubmitBar({
  valid,
  invalid,
  undecidedRowNos,
  pending,
  dryRunning,
  onSubmit,
  onDropInvalid,
  onDiscard,
}: {
  valid: number;
  invalid: number;
  undecidedRowNos: readonly number[];
  pending: boolean;
  dryRunning: boolean;
  onSubmit: () => void;
  onDropInvalid: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]">
      <Button
        onClick={onSubmit}
        loading={pending && !dryRunning}
        disabled={invalid > 0 || undecidedRowNos.length > 0 || valid === 0 || dryRunning}
        data-testid="submit-batch"
      >
        Submit {valid} row{valid === 1 ? "" : "s"}
      </Button>
      {undecidedRowNos.length > 0 && invalid === 0 ? (
        <p className="text-sm text-amber-800" data-testid="undecided-rows">
          {undecidedRowNos.length === 1 ? "1 flagged row needs" : `${undecidedRowNos.length} flagged rows need`} a
          decision first: keep or drop {undecidedRowNos.length === 1 ? "it" : "each"} (rows{" "}
          {undecidedRowNos.slice(0, 10).join(", ")}). A repeat of an earlier row, or an amount over {OVERSIZE_FACTOR}×
          the file&apos;s usual one, is never sent by default.
        </p>
      ) : null}
      {invalid > 0 ? (
        <>
          <p className="text-sm text-slate-600">
            {invalid === 1
              ? "Fix or drop the row with a problem first."
              : `Fix or drop the ${invalid} rows with problems first.`}
          </p>
          <Button variant="secondary" size="sm" onClick={onDropInvalid}>
            {invalid === 1 ? "Drop the row with a problem" : `Drop all ${invalid} rows with problems`}
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-600">It goes through the approval rules as one submission with its total.</p>
      )}
      <Button variant="ghost" size="sm" className="ml-auto" onClick={onDiscard}>
        Discard the batch
      </Button>
    </div>
  );
}
