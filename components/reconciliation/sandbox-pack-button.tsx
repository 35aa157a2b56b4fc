"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { createSandboxExceptionPack } from "@/lib/reconciliation/actions/create-sandbox-exception-pack";
import { EXCEPTION_LABELS } from "@/lib/reconciliation/labels";
import type { PackCase } from "@/lib/reconciliation/sandbox-pack";
import { useReconAction } from "./use-recon-action";

/** Makes the sandbox exception pack, then shows each case with what matching should find (its ground truth). */
export function SandboxPackButton() {
  const { pending, run } = useReconAction();
  const [made, setMade] = useState<{ period: string; cases: PackCase[]; requests: number } | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        loading={pending}
        data-testid="create-exception-pack"
        onClick={() =>
          run(
            "The pack was not made",
            () => createSandboxExceptionPack({ make: true }),
            (pack) => setMade(pack),
          )
        }
      >
        Create a sandbox exception pack
      </Button>
      <Dialog
        open={made !== null}
        onOpenChange={(open) => (open ? null : setMade(null))}
        size="lg"
        title="Exception pack created"
        description={
          made
            ? `${made.requests} sandbox payments and their invoices in ${made.period}. Run matching, then compare with what each case should give.`
            : undefined
        }
        footer={
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        }
      >
        <ul className="divide-y divide-slate-100 text-sm" data-testid="pack-ground-truth">
          {made?.cases.map((c) => (
            <li
              key={`${c.case}-${c.references.join(",")}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
            >
              <span className="font-medium text-slate-900">{c.case}</span>
              <span className="text-slate-600">
                {"match" in c.expect
                  ? `Matched: ${c.expect.match}`
                  : `Exception: ${EXCEPTION_LABELS[c.expect.exception]}`}
                {c.references.length > 0 ? (
                  <span className="ml-2 font-mono text-xs text-slate-500">{c.references.join(", ")}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
