"use client";

import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { runReconciliation } from "@/lib/reconciliation/actions/run-reconciliation";
import { useReconAction } from "./use-recon-action";

/** Reads what the service did and matches the month: the answer says what it found. */
export function RunMatchingButton({ period }: { period: string }) {
  const { pending, run } = useReconAction();
  const { toast } = useToast();
  return (
    <Button
      data-testid="run-matching"
      loading={pending}
      onClick={() =>
        run(
          "Matching did not run",
          () => runReconciliation({ period }),
          (r) =>
            toast({
              tone: "success",
              title: `${r.matches} match${r.matches === 1 ? "" : "es"}, ${r.exceptions} exception${r.exceptions === 1 ? "" : "s"}`,
              description: `${r.movements} movements read from the service; matching took ${r.tookMs} ms.`,
            }),
        )
      }
    >
      Run matching
    </Button>
  );
}
