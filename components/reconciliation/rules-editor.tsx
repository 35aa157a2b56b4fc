"use client";

import { useState, useTransition } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { backtestMatchRules } from "@/lib/reconciliation/actions/backtest-match-rules";
import type { ActionError } from "@/lib/dashboard/action-result";
import { saveMatchRules } from "@/lib/reconciliation/actions/save-match-rules";
import type { BacktestMonth } from "@/lib/reconciliation/backtest";
import { EXCEPTION_LABELS } from "@/lib/reconciliation/labels";
import type { ExceptionKind, MatchRule } from "@/lib/reconciliation/types";

const STRATEGY_WORDS = {
  "1:1": "one to one",
  "1:N": "one invoice, several payments",
  "N:1": "several invoices, one payment",
};

/**
 * The matching rules in their order (admins): move a rule up or down, switch it off, give a
 * late payment some days of grace; backtest the change over past months before saving it.
 */
export function RulesEditor({
  initial,
  periods,
  editable,
}: {
  initial: MatchRule[];
  periods: string[];
  editable: boolean;
}) {
  const [rules, setRules] = useState(initial);
  const [report, setReport] = useState<BacktestMonth[] | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, start] = useTransition();
  const { toast } = useToast();
  const changed = JSON.stringify(rules) !== JSON.stringify(initial);
  const move = (i: number, by: number) =>
    setRules((rs) => {
      const next = [...rs];
      const [r] = next.splice(i, 1);
      if (r) next.splice(i + by, 0, r);
      return next;
    });
  const set = (i: number, patch: Partial<MatchRule>) =>
    setRules((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <div className="space-y-5">
      <ol
        className="divide-y divide-slate-100 rounded-[var(--radius-card)] border border-slate-200 bg-white"
        data-testid="match-rules"
      >
        {rules.map((r, i) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center gap-3 px-4 py-3"
            data-testid="match-rule"
            data-rule={r.id}
          >
            <span className="w-6 text-sm font-semibold tabular-nums text-slate-500">{i + 1}.</span>
            <div className="min-w-48 flex-1">
              <p className={`text-sm font-medium ${r.enabled ? "text-slate-900" : "text-slate-500 line-through"}`}>
                {r.name}
              </p>
              <p className="text-xs text-slate-500">
                {r.byReference ? "By reference" : "By counterparty, amount and date"}, {STRATEGY_WORDS[r.strategy]}
              </p>
            </div>
            {editable ? (
              <div className="flex flex-wrap items-center gap-3">
                <label className="flex items-center gap-1.5 text-xs text-slate-700">
                  Grace
                  <input
                    type="number"
                    min={0}
                    max={30}
                    value={r.graceDays}
                    onChange={(e) => set(i, { graceDays: Math.max(0, Math.min(30, Number(e.target.value) || 0)) })}
                    className="h-8 w-16 rounded-md border border-slate-300 px-2 text-sm"
                    aria-label={`Days of grace after the window, ${r.name}`}
                  />
                  days
                </label>
                <label className="flex items-center gap-1.5 text-xs text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent-600"
                    checked={r.enabled}
                    onChange={(e) => set(i, { enabled: e.target.checked })}
                  />
                  On
                </label>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${r.name} up`}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === rules.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${r.name} down`}
                >
                  ↓
                </Button>
              </div>
            ) : (
              <span className="text-xs text-slate-500">
                {r.enabled ? `on${r.graceDays ? `, ${r.graceDays} days of grace` : ""}` : "off"}
              </span>
            )}
          </li>
        ))}
      </ol>
      {editable ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            loading={pending}
            data-testid="backtest-rules"
            onClick={() =>
              start(async () => {
                const result = await backtestMatchRules({ rules, periods });
                if (result.ok) {
                  setReport(result.data);
                  setError(null);
                } else setError(result.error);
              })
            }
          >
            Backtest over {periods.length} months
          </Button>
          <Button
            disabled={!changed}
            loading={pending}
            data-testid="save-rules"
            onClick={() =>
              start(async () => {
                const result = await saveMatchRules({ rules });
                if (result.ok)
                  toast({ tone: "success", title: "Matching rules saved", description: "The next run uses them." });
                else setError(result.error);
              })
            }
          >
            Save the order
          </Button>
        </div>
      ) : null}
      <FormAlert error={error} />
      {report ? (
        <div
          className="overflow-x-auto rounded-[var(--radius-card)] border border-slate-200 bg-white"
          data-testid="rules-backtest"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Backtest of the proposed rules</caption>
            <thead className="bg-slate-50 text-left text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">Month</th>
                <th className="px-4 py-2 text-right">Expected</th>
                <th className="px-4 py-2 text-right">Matched now</th>
                <th className="px-4 py-2 text-right">With the change</th>
                <th className="px-4 py-2 text-right">Gained / lost</th>
                <th className="px-4 py-2">Exceptions with the change</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.map((m) => (
                <tr key={m.period}>
                  <td className="px-4 py-2 font-medium">{m.period}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{m.expected}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{m.current.matched}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{m.proposed.matched}</td>
                  <td className="px-4 py-2 text-right tabular-nums">
                    +{m.gained} / −{m.lost}
                  </td>
                  <td className="px-4 py-2 text-xs text-slate-600">
                    {(Object.entries(m.proposed.exceptions) as Array<[ExceptionKind, number]>)
                      .map(([k, n]) => `${EXCEPTION_LABELS[k]} ${n}`)
                      .join(", ") || "none"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
