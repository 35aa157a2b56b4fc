"use client";

import { FundedFirstCheckbox } from "./funded-first-checkbox";
import Decimal from "decimal.js";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { AlertIcon } from "@/components/ui/icons";
import { formatMoney } from "@/lib/money/format";
import type { Balance } from "@/lib/schemas/sandbox";

type Total = { currency: string; amount: string; count: number };

/** Each currency whose total is over what the balance holds now: "9,000.00 USDT to send, 5,000.00 USDT available". */
export function shortfallsOf(
  totals: readonly Total[],
  balances: readonly Balance[] | null,
): Array<{ currency: string; amount: string; available: string; short: string }> {
  if (!balances) return [];
  return totals.flatMap((t) => {
    const available = balances.find((b) => b.currency === t.currency)?.available_balance ?? "0";
    const short = new Decimal(t.amount).minus(available);
    return short.gt(0) ? [{ currency: t.currency, amount: t.amount, available, short: short.toFixed() }] : [];
  });
}

/**
 * The one question before a production batch is submitted (issue 59): its totals and, when a
 * disbursement batch is over the balance, the shortfall with "It will be funded before it runs",
 * in the same dialog (the server checks the balance again, and still refuses a shortfall nobody
 * confirmed).
 */
export function SubmitProductionDialog({
  rows,
  totals,
  balances,
  drawsOnBalance,
  pending,
  onSubmit,
  onClose,
}: {
  rows: number;
  totals: readonly Total[];
  balances: readonly Balance[] | null;
  drawsOnBalance: boolean;
  pending: boolean;
  onSubmit: (fundingFirst: boolean) => void;
  onClose: () => void;
}) {
  const short = drawsOnBalance ? shortfallsOf(totals, balances) : [];
  const [fundingSaid, setFundingSaid] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Submit this batch in production?"
      description={`${rows} ${rows === 1 ? "row" : "rows"} of real money. It waits for an approval before any row is sent.`}
      footer={
        <DialogActions cancel="Keep reviewing">
          <Button
            variant={short.length > 0 ? "warning" : undefined}
            disabled={short.length > 0 && !fundingSaid}
            onClick={() => onSubmit(short.length > 0)}
            loading={pending}
            data-testid="confirm-submit-batch"
          >
            {short.length > 0 ? "Submit in production, funding first" : "Submit in production"}
          </Button>
        </DialogActions>
      }
    >
      <ul className="text-sm text-slate-700">
        {totals.map((t) => (
          <li key={t.currency}>
            {t.count} row{t.count === 1 ? "" : "s"}: {formatMoney(t.amount, t.currency)}
          </li>
        ))}
      </ul>
      {short.length > 0 ? (
        <div
          className="mt-4 space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="production-shortfall"
        >
          <p className="flex items-start gap-2 font-medium">
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            More than the balance holds now
          </p>
          <ul className="space-y-1">
            {short.map((s) => (
              <li key={s.currency}>
                {s.currency}: {formatMoney(s.amount, s.currency)} to send, {formatMoney(s.available, s.currency)}{" "}
                available (short by {formatMoney(s.short, s.currency)})
              </li>
            ))}
          </ul>
          <p>Rows sent before the balance is topped up fail. The approver sees the shortfall.</p>
          <FundedFirstCheckbox checked={fundingSaid} onChange={setFundingSaid} />
        </div>
      ) : null}
    </Dialog>
  );
}
