"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { lockReconciliationPeriod } from "@/lib/reconciliation/actions/lock-reconciliation-period";
import { recordAdjustment } from "@/lib/reconciliation/actions/record-adjustment";
import { unlockReconciliationPeriod } from "@/lib/reconciliation/actions/unlock-reconciliation-period";
import { useToast } from "@/components/ui/toast";
import type { Currency } from "@/lib/schemas/catalog";
import { useReconAction } from "./use-recon-action";

/** Lock the month (when nothing is open), or, once locked, record an adjustment in the next month; an admin may unlock. */
export function CloseActions({
  currency,
  period,
  locked,
  blocker,
  mayClose,
  mayReopen,
}: {
  currency: Currency;
  period: string;
  locked: boolean;
  blocker: string | null;
  mayClose: boolean;
  mayReopen: boolean;
}) {
  const { pending, run } = useReconAction();
  const { toast } = useToast();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  if (!locked)
    return mayClose ? (
      <div className="flex flex-wrap items-center gap-3">
        <Button
          data-testid="lock-period"
          disabled={blocker !== null}
          loading={pending}
          onClick={() =>
            run(
              "Not locked",
              () => lockReconciliationPeriod({ currency, period }),
              () => toast({ tone: "success", title: `${period} closed for ${currency}` }),
            )
          }
        >
          Lock {period} for {currency}
        </Button>
        {blocker ? (
          <p className="text-sm text-amber-800" data-testid="lock-blocker">
            {blocker}
          </p>
        ) : null}
      </div>
    ) : null;
  return (
    <div className="space-y-4">
      {mayClose ? (
        <form
          className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            run(
              "No adjustment recorded",
              () => recordAdjustment({ currency, forPeriod: period, amount, note }),
              (made) => {
                toast({ tone: "success", title: `Adjustment recorded in ${made.period}` });
                setAmount("");
                setNote("");
              },
            );
          }}
        >
          <Field label="Adjustment" hint={`In ${currency}; negative for money out.`} required>
            {(p) => (
              <Input
                {...p}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                inputMode="decimal"
                data-testid="adjustment-amount"
              />
            )}
          </Field>
          <Field label="What it corrects" required>
            {(p) => (
              <Input {...p} value={note} onChange={(e) => setNote(e.target.value)} data-testid="adjustment-note" />
            )}
          </Field>
          <Button type="submit" loading={pending} data-testid="record-adjustment">
            Record in the next month
          </Button>
        </form>
      ) : null}
      {mayReopen ? (
        <Button
          variant="ghost"
          size="sm"
          loading={pending}
          onClick={() => {
            const reason = window.prompt(`Why reopen ${period} for ${currency}? (kept in the audit trail)`);
            if (reason) run("Not reopened", () => unlockReconciliationPeriod({ currency, period, reason }));
          }}
        >
          Reopen {period}
        </Button>
      ) : null}
    </div>
  );
}
