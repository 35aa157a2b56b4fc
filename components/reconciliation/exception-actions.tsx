"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { acceptDifference } from "@/lib/reconciliation/actions/accept-difference";
import { assignException } from "@/lib/reconciliation/actions/assign-exception";
import { matchByHand } from "@/lib/reconciliation/actions/match-by-hand";
import type { ActionError, ActionResult } from "@/lib/dashboard/action-result";
import { writeOffException } from "@/lib/reconciliation/actions/write-off-exception";
import { formatMoney } from "@/lib/money/format";
import { useReconAction } from "./use-recon-action";

export type PickableMovement = {
  id: string;
  amount: string;
  currency: string;
  day: string;
  reference: string | null;
  counterparty: string | null;
  candidate: boolean;
};

/**
 * What a person does with one open exception: take it, match it by hand (the movements it could
 * be, candidates first), accept a difference, or write it off (the approval rules may hold it).
 */
export function ExceptionActions({
  exception,
  movements,
  me,
}: {
  exception: { id: string; kind: string; expectedIds: string[]; actualIds: string[]; assignedTo: string | null };
  movements: PickableMovement[];
  me: string;
}) {
  const { pending: assigning, run } = useReconAction();
  const router = useRouter();
  const [acting, start] = useTransition();
  const pending = assigning || acting;
  const [picked, setPicked] = useState<string[]>(
    movements
      .filter((m) => m.candidate)
      .slice(0, 1)
      .map((m) => m.id),
  );
  const [note, setNote] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const acceptable = ["underpaid", "overpaid", "late"].includes(exception.kind);
  const matchable = exception.expectedIds.length > 0 && exception.kind !== "returned";

  // Refusals stay beside the buttons (a write-off held for approval says who may approve it).
  const act = <T,>(call: () => Promise<ActionResult<T>>, success: string) =>
    start(async () => {
      const result = await call();
      if (!result.ok) setError(result.error);
      else {
        setError(null);
        setDone(success);
      }
      router.refresh();
    });

  if (done)
    return (
      <p
        role="status"
        className="rounded-lg bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900"
        data-testid="exception-done"
      >
        {done}
      </p>
    );

  return (
    <div className="space-y-5" data-testid="exception-actions">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {exception.assignedTo ? (
          <span>Assigned to {exception.assignedTo === me ? "you" : exception.assignedTo}.</span>
        ) : (
          <span>Nobody has taken it.</span>
        )}
        <Button
          size="sm"
          variant="ghost"
          loading={pending}
          onClick={() =>
            run("Not changed", () => assignException({ exceptionId: exception.id, take: exception.assignedTo !== me }))
          }
        >
          {exception.assignedTo === me ? "Give back" : "Take it"}
        </Button>
      </div>

      <Field
        label="Note"
        hint="Why: kept with the match, the acceptance or the write-off, and in the audit trail."
        required={acceptable}
      >
        {(p) => <Input {...p} value={note} onChange={(e) => setNote(e.target.value)} data-testid="exception-note" />}
      </Field>

      {matchable && movements.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Match by hand with</legend>
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {movements.map((m) => (
              <li key={m.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent-600"
                    checked={picked.includes(m.id)}
                    onChange={(e) => setPicked((p) => (e.target.checked ? [...p, m.id] : p.filter((x) => x !== m.id)))}
                    data-testid="pick-movement"
                    data-movement={m.id}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="font-medium tabular-nums text-slate-900">{formatMoney(m.amount, m.currency)}</span>
                    <span className="ml-2 text-slate-500">{m.day}</span>
                    <span className="ml-2 break-all font-mono text-xs text-slate-500">
                      {m.reference ?? m.counterparty ?? m.id}
                    </span>
                  </span>
                  {m.candidate ? <span className="text-xs text-accent-700">candidate</span> : null}
                </label>
              </li>
            ))}
          </ul>
          <Button
            size="sm"
            disabled={picked.length === 0}
            loading={pending}
            data-testid="match-by-hand"
            onClick={() =>
              act(
                () => matchByHand({ expectedIds: exception.expectedIds, actualIds: picked, note }),
                "Matched by hand.",
              )
            }
          >
            Match {picked.length} movement{picked.length === 1 ? "" : "s"}
          </Button>
        </fieldset>
      ) : null}

      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
        {acceptable ? (
          <Button
            variant="secondary"
            loading={pending}
            data-testid="accept-difference"
            onClick={() =>
              act(() => acceptDifference({ exceptionId: exception.id, note }), "Difference accepted: matched as it is.")
            }
          >
            Accept the difference
          </Button>
        ) : null}
        <Button
          variant="danger"
          loading={pending}
          data-testid="write-off"
          onClick={() => act(() => writeOffException({ exceptionId: exception.id, reason: note }), "Written off.")}
        >
          Write off
        </Button>
      </div>
      <FormAlert error={error} />
    </div>
  );
}
