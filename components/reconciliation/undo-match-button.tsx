"use client";

import { Button } from "@/components/ui/button";
import { undoMatch } from "@/lib/reconciliation/actions/undo-match";
import { useReconAction } from "./use-recon-action";

/** Undoes a match: its expected settlements and movements go back to the pool. */
export function UndoMatchButton({ matchId }: { matchId: string }) {
  const { pending, run } = useReconAction();
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={pending}
      data-testid="undo-match"
      onClick={() => run("Not undone", () => undoMatch({ matchId }))}
    >
      Undo this match
    </Button>
  );
}
