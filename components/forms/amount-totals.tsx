import { formatMoney } from "@/lib/money/format";
import type { AmountTotals } from "@/lib/schemas/list";

/** The whole filtered set, not the page: how many and their amounts per currency. */
export function AmountTotalsLine({ label, totals }: { label: string; totals: AmountTotals }) {
  return (
    <dl
      className="grid gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm sm:grid-cols-[auto_1fr]"
      data-testid="list-totals"
    >
      <div>
        <dt className="text-xs font-medium text-slate-500">{label}</dt>
        <dd className="font-semibold text-slate-900 tabular-nums" data-testid="totals-count">
          {totals.count}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">Amounts</dt>
        <dd className="font-medium break-words text-slate-900 tabular-nums" data-testid="totals-amounts">
          {totals.amounts.map((t) => formatMoney(t.amount, t.currency)).join(" · ") || "—"}
        </dd>
      </div>
    </dl>
  );
}
