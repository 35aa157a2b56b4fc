"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { previewSettlementRequest } from "@/lib/settlement-requests/actions/preview-settlement-request";
import { describeError } from "@/lib/dashboard/action-result";
import { getDailyLimitLeft } from "@/lib/approvals/actions/get-daily-limit-left";
import { formatMoney } from "@/lib/money/format";
import {
  disbursementLines,
  settlementPreviewLines,
  settlementRequestLines,
  v1PaymentLines,
  type ConfirmLine,
} from "@/lib/dashboard/confirm-summary";
import type { DisbursementCreateInput } from "@/lib/schemas/disbursement";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import type { V1PaymentCreateInput } from "@/lib/schemas/v1-payment";

type Summary = "settlement-request" | "disbursement" | "v1-payment";

export type ConfirmProductionProps<T> = {
  pending: T | null;
  onDismiss: () => void;
  onConfirm: (body: T) => void;
  title: string;
  description: string;
  confirmLabel: string;
  summary: Summary;
  /** Lines the form knows beyond the body (the available balance before a payout). */
  context?: ConfirmLine[];
};

/**
 * The explicit step before a form sends something in production: open while `pending` holds the
 * body waiting for confirmation; it restates what that body will do (confirm-summary.ts). A
 * settlement request is priced by the service's quote first (fee, both amounts, each in its own
 * currency); confirming hands the body to `onConfirm`, anything else drops it.
 */
export function ConfirmProductionDialog<T>({
  pending,
  onDismiss,
  onConfirm,
  title,
  description,
  confirmLabel,
  summary,
  context = [],
}: ConfirmProductionProps<T>) {
  const summarized = useSummary(summary, pending);
  const left = useLeftToday(pending !== null);
  const { note, ready } = summarized;
  const lines = [...summarized.lines, ...context, ...(left ? [left] : [])];
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
            loading={!ready}
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
        <div className="space-y-2">
          <dl
            className="divide-y divide-slate-100 rounded-lg border border-amber-200 bg-amber-50/40 text-sm"
            data-testid="confirm-summary"
            aria-busy={!ready}
          >
            {lines.map((line) => (
              <div key={line.label} className="flex items-baseline justify-between gap-4 px-3 py-2">
                <dt className="shrink-0 text-slate-600">{line.label}</dt>
                <dd
                  className="min-w-0 text-right font-medium break-words text-slate-900 tabular-nums"
                  data-testid={`confirm-${line.label.toLowerCase().replaceAll(" ", "-")}`}
                >
                  {line.value}
                </dd>
              </div>
            ))}
          </dl>
          {note ? (
            <p className="text-xs text-slate-600" role="status">
              {note}
            </p>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** The lines for a body; a settlement request's come from its quote once it is priced. */
function useSummary(summary: Summary, pending: unknown): { lines: ConfirmLine[]; note: string | null; ready: boolean } {
  const [priced, setPriced] = useState<{ body: unknown; lines: ConfirmLine[] | null; note: string | null } | null>(
    null,
  );
  useEffect(() => {
    if (summary !== "settlement-request" || pending === null) return;
    let live = true;
    void previewSettlementRequest(pending as SettlementRequestCreateInput).then(
      (result) => {
        if (!live) return;
        if (result.ok)
          setPriced({
            body: pending,
            lines: settlementPreviewLines(result.data, pending as SettlementRequestCreateInput),
            note: null,
          });
        else
          setPriced({
            body: pending,
            lines: null,
            note: `The fee and the other amount could not be priced: ${describeError(result.error)}`,
          });
      },
      () =>
        live && setPriced({ body: pending, lines: null, note: "The fee and the other amount could not be priced." }),
    );
    return () => {
      live = false;
    };
  }, [summary, pending]);
  if (pending === null) return { lines: [], note: null, ready: false };
  if (summary === "disbursement")
    return { lines: disbursementLines(pending as DisbursementCreateInput), note: null, ready: true };
  if (summary === "v1-payment")
    return { lines: v1PaymentLines(pending as V1PaymentCreateInput), note: null, ready: true };
  const body = pending as SettlementRequestCreateInput;
  const current = priced?.body === pending ? priced : null;
  return {
    lines: current?.lines ?? settlementRequestLines(body, "production"),
    note: current ? current.note : "Pricing with the service's quote…",
    ready: current !== null,
  };
}

/** "Left today": what remains of the person's daily limit, in USD, read when the dialog opens (issue 43). */
function useLeftToday(open: boolean): ConfirmLine | null {
  const [line, setLine] = useState<ConfirmLine | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    getDailyLimitLeft(null, { environment: "production" })
      .then((result) => {
        if (!live || !result.ok || !result.data) return;
        setLine({
          label: "Left today",
          value: `${formatMoney(result.data.leftUsd, "USD")} of your ${formatMoney(result.data.limitUsd, "USD")} daily limit`,
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open]);
  return line;
}
