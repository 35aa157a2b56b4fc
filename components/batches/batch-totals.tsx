import Decimal from "decimal.js";
import { Card } from "@/components/ui/card";
import type { BatchTotals, SettledTotals } from "@/lib/batches/types";
import type { BatchKind } from "@/lib/batches/templates";
import { formatMoney } from "@/lib/money/format";
import type { Balance } from "@/lib/schemas/sandbox";

/**
 * What the batch moves, per currency (the rows that would be sent), the fees the dry run's
 * sandbox quotes came with, and for disbursements the available balance before and after.
 */
export function BatchTotalsCard({
  kind,
  totals,
  dryRunFees,
  quoteFees,
  funding = [],
  quoted,
  balances,
  settled = null,
}: {
  kind: BatchKind;
  totals: BatchTotals;
  /** Once sending started: what was paid, what failed and what was not sent (issue 44). */
  settled?: SettledTotals | null;
  dryRunFees: BatchTotals;
  quoteFees: BatchTotals;
  /** What the payers must send per currency, fees included (settlement requests). */
  funding?: BatchTotals;
  quoted: { priced: number; failed: number; of: number };
  balances: Balance[] | null;
}) {
  const balanceOf = (currency: string) => balances?.find((b) => b.currency === currency) ?? null;
  return (
    <Card
      title="Totals"
      description={kind === "disbursement" ? "Paid from the pre-funded balance." : "In each row's amount currency."}
    >
      {settled ? (
        <SettledTable settled={settled} />
      ) : totals.length === 0 ? (
        <p className="text-sm text-slate-500">No row to send yet.</p>
      ) : (
        <dl className="space-y-3 text-sm" data-testid="batch-totals">
          {totals.map((t) => {
            const balance = kind === "disbursement" ? balanceOf(t.currency) : null;
            const after = balance ? new Decimal(balance.available_balance).minus(t.amount) : null;
            return (
              <div key={t.currency} data-currency={t.currency}>
                <dt className="text-slate-500">
                  {t.count} row{t.count === 1 ? "" : "s"} in {t.currency}
                </dt>
                <dd className="text-lg font-semibold text-slate-900 tabular-nums">
                  {formatMoney(t.amount, t.currency)}
                </dd>
                {balance && after ? (
                  <dd className={after.isNegative() ? "text-red-700" : "text-slate-600"} data-testid="balance-after">
                    Available {formatMoney(balance.available_balance, t.currency)} → after{" "}
                    {formatMoney(after.toFixed(), t.currency)}
                    {after.isNegative() ? " (not enough)" : ""}
                  </dd>
                ) : null}
              </div>
            );
          })}
          {kind === "settlement_request" && funding.length > 0 ? (
            <div className="border-t border-slate-100 pt-3" data-testid="batch-funding">
              <dt className="text-slate-500">To fund, fees included</dt>
              <AmountsOverRows totals={funding} />
            </div>
          ) : null}
          {kind === "settlement_request" ? (
            <div className="border-t border-slate-100 pt-3" data-testid="batch-fees">
              <dt className="text-slate-500">Fees, by the service&apos;s quotes</dt>
              <AmountsOverRows totals={quoteFees} />
              <dd className="text-xs text-slate-500" data-testid="quote-progress" aria-live="polite">
                {quoted.priced + quoted.failed < quoted.of
                  ? `Pricing: ${quoted.priced + quoted.failed} of ${quoted.of} rows quoted…`
                  : `Every row quoted${quoted.failed > 0 ? `; ${quoted.failed} could not be (see the table)` : ""}.`}
              </dd>
            </div>
          ) : null}
          {dryRunFees.length > 0 ? (
            <div className="border-t border-slate-100 pt-3" data-testid="dry-run-fees">
              <dt className="text-slate-500">Fees in the sandbox dry run</dt>
              <AmountsOverRows totals={dryRunFees} />
            </div>
          ) : null}
        </dl>
      )}
    </Card>
  );
}

/** "1,250.00 USDC over 3 rows", one line per currency. */
function AmountsOverRows({ totals }: { totals: BatchTotals }) {
  return totals.map((t) => (
    <dd key={t.currency} className="font-medium text-slate-900 tabular-nums" data-currency={t.currency}>
      {formatMoney(t.amount, t.currency)}{" "}
      <span className="font-normal text-slate-500">
        over {t.count} row{t.count === 1 ? "" : "s"}
      </span>
    </dd>
  ));
}

/** Paid, failed and not sent, per currency: a partly failed batch never reads as all paid. */
function SettledTable({ settled }: { settled: SettledTotals }) {
  if (settled.length === 0) return <p className="text-sm text-slate-500">No row had an amount.</p>;
  const cell = (part: { amount: string; count: number }, currency: string, tone: string) =>
    part.count === 0 ? (
      <span className="text-slate-400">—</span>
    ) : (
      <span className={tone}>
        {formatMoney(part.amount, currency)}
        <span className="block text-xs font-normal text-slate-500">
          {part.count} row{part.count === 1 ? "" : "s"}
        </span>
      </span>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="settled-totals">
        <caption className="sr-only">What the batch paid, what failed and what was not sent, per currency</caption>
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="py-1 pr-3 font-medium">
              Currency
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Paid
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Failed
            </th>
            <th scope="col" className="py-1 font-medium">
              Not sent
            </th>
          </tr>
        </thead>
        <tbody>
          {settled.map((t) => (
            <tr
              key={t.currency}
              data-currency={t.currency}
              className="border-t border-slate-100 align-top tabular-nums"
            >
              <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-700">
                {t.currency}
              </th>
              <td className="py-2 pr-3 font-semibold" data-testid="settled-paid">
                {cell(t.paid, t.currency, "text-emerald-800")}
              </td>
              <td className="py-2 pr-3 font-semibold" data-testid="settled-failed">
                {cell(t.failed, t.currency, "text-red-700")}
              </td>
              <td className="py-2 font-semibold" data-testid="settled-not-sent">
                {cell(t.notSent, t.currency, "text-slate-700")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
