"use client";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatMoney } from "@/lib/money/format";
import type { SettlementTotals } from "@/lib/schemas/list";

/** Created-at range of the list, in whole UTC days (both ends included). */
export function DateRange({ from, to, onChange }: { from: string; to: string; onChange: (range: { created_from: string; created_to: string }) => void }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-3 lg:basis-full" data-testid="date-range">
      <legend className="sr-only">Created between</legend>
      <Field label="Created from" hint="UTC, inclusive" className="w-44">
        {(p) => <Input {...p} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ created_from: e.target.value, created_to: to })} />}
      </Field>
      <Field label="Created to" hint="UTC, inclusive" className="w-44">
        {(p) => <Input {...p} type="date" value={to} min={from || undefined} onChange={(e) => onChange({ created_from: from, created_to: e.target.value })} />}
      </Field>
      {from || to ? (
        <button type="button" className="pb-2 text-sm font-medium text-accent-700 hover:text-accent-800" onClick={() => onChange({ created_from: "", created_to: "" })}>
          Any date
        </button>
      ) : null}
    </fieldset>
  );
}

/** The whole filtered set, not the page: how many, what payers send and what recipients get, per currency. */
export function TotalsLine({ totals }: { totals: SettlementTotals }) {
  const list = (items: SettlementTotals["payer_sends"]) => items.map((t) => formatMoney(t.amount, t.currency)).join(" · ") || "—";
  return (
    <dl className="grid gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm sm:grid-cols-[auto_1fr_1fr]" data-testid="list-totals">
      <div>
        <dt className="text-xs font-medium text-slate-500">Requests</dt>
        <dd className="font-semibold text-slate-900 tabular-nums" data-testid="totals-count">{totals.count}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">Payers send</dt>
        <dd className="font-medium break-words text-slate-900 tabular-nums" data-testid="totals-payer-sends">{list(totals.payer_sends)}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-slate-500">Recipients get</dt>
        <dd className="font-medium break-words text-slate-900 tabular-nums" data-testid="totals-recipient-gets">{list(totals.recipient_gets)}</dd>
      </div>
    </dl>
  );
}
