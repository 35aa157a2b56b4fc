"use client";

import { formatMoney } from "@/lib/money/format";
import type { SettlementTotals } from "@/lib/schemas/list";

/** The whole filtered set, not the page: how many, what payers send and what recipients get, per currency. */
export function TotalsLine({ totals }: { totals: SettlementTotals }) {
  const list = (items: SettlementTotals["payer_sends"]) =>
    items.map((t) => formatMoney(t.amount, t.currency)).join(" · ") || "—";
  return (
    <div className="space-y-1">
      <dl
        className="grid gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm sm:grid-cols-[auto_1fr_1fr]"
        data-testid="list-totals"
      >
        <div>
          <dt className="text-xs font-medium text-slate-500">Requests</dt>
          <dd className="font-semibold text-slate-900 tabular-nums" data-testid="totals-count">
            {totals.count}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">Payers send</dt>
          <dd className="font-medium break-words text-slate-900 tabular-nums" data-testid="totals-payer-sends">
            {list(totals.payer_sends)}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">Recipients get</dt>
          <dd className="font-medium break-words text-slate-900 tabular-nums" data-testid="totals-recipient-gets">
            {list(totals.recipient_gets)}
          </dd>
        </div>
      </dl>
      <p className="px-1 text-xs text-slate-600" data-testid="totals-scope">
        Every request in this view, whatever its outcome (canceled and expired ones included). For money that moved,
        filter by status Request completed.
      </p>
    </div>
  );
}
