import Decimal from "decimal.js";
import { Card } from "@/components/ui/card";
import type { BatchTotals } from "@/lib/batches/types";
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
  quoted,
  balances,
}: {
  kind: BatchKind;
  totals: BatchTotals;
  dryRunFees: BatchTotals;
  quoteFees: BatchTotals;
  quoted: { priced: number; failed: number; of: number };
  balances: Balance[] | null;
}) {
  const balanceOf = (currency: string) => balances?.find((b) => b.currency === currency) ?? null;
  return (
    <Card
      title="Totals"
      description={kind === "disbursement" ? "Paid from the pre-funded balance." : "In each row's amount currency."}
    >
      {totals.length === 0 ? (
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
          {kind === "settlement_request" ? (
            <div className="border-t border-slate-100 pt-3" data-testid="batch-fees">
              <dt className="text-slate-500">Fees, by the service&apos;s quotes</dt>
              {quoteFees.map((f) => (
                <dd key={f.currency} className="font-medium text-slate-900 tabular-nums">
                  {formatMoney(f.amount, f.currency)}{" "}
                  <span className="font-normal text-slate-500">over {f.count} rows</span>
                </dd>
              ))}
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
              {dryRunFees.map((f) => (
                <dd key={f.currency} className="font-medium text-slate-900 tabular-nums">
                  {formatMoney(f.amount, f.currency)}{" "}
                  <span className="font-normal text-slate-500">over {f.count} rows</span>
                </dd>
              ))}
            </div>
          ) : null}
        </dl>
      )}
    </Card>
  );
}
