"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { disbursementLines, settlementRequestLines, v1PaymentLines, type ConfirmLine } from "@/lib/dashboard/confirm-summary";
import type { DisbursementCreateInput } from "@/lib/schemas/disbursement";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import type { V1PaymentCreateInput } from "@/lib/schemas/v1-payment";

/** What each form's body restates. */
const SUMMARIES = {
  "settlement-request": (body: unknown) => settlementRequestLines(body as SettlementRequestCreateInput),
  disbursement: (body: unknown) => disbursementLines(body as DisbursementCreateInput),
  "v1-payment": (body: unknown) => v1PaymentLines(body as V1PaymentCreateInput),
} satisfies Record<string, (body: unknown) => ConfirmLine[]>;

export type ConfirmProductionProps<T> = {
  pending: T | null;
  onDismiss: () => void;
  onConfirm: (body: T) => void;
  title: string;
  description: string;
  confirmLabel: string;
  summary: keyof typeof SUMMARIES;
};

/**
 * The explicit step before a form sends something in production: open while `pending` holds the
 * body waiting for confirmation; it restates what will happen (`lines`: amount, currency,
 * recipient masked, rail); confirming hands it to `onConfirm`, anything else drops it.
 */
export function ConfirmProductionDialog<T>({
  pending,
  onDismiss,
  onConfirm,
  title,
  description,
  confirmLabel,
  summary,
}: ConfirmProductionProps<T>) {
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => !open && onDismiss()}
      title={title}
      description={description}
      footer={
        <DialogActions cancel="Go back">
          <Button
            variant="warning"
            onClick={() => {
              const body = pending;
              onDismiss();
              if (body !== null) onConfirm(body);
            }}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      }
    >
      {pending !== null ? (
        <dl className="divide-y divide-slate-100 rounded-lg border border-amber-200 bg-amber-50/40 text-sm" data-testid="confirm-summary">
          {SUMMARIES[summary](pending).map((line) => (
            <div key={line.label} className="flex items-baseline justify-between gap-4 px-3 py-2">
              <dt className="text-slate-600">{line.label}</dt>
              <dd className="text-right font-medium break-all text-slate-900 tabular-nums">{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Dialog>
  );
}
