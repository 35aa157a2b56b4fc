import "server-only";

import { Dec, precisionOf, toDec, toPlainString } from "@/lib/money/decimal";
import { CURRENCIES, SETTLEMENT_TYPES, type Currency, type SettlementType } from "@/lib/schemas/catalog";

import { settlementTypeOf } from "./route";

/**
 * One row of the fee schedule. A route's fee starts from the row of its type (which sets both
 * fields); then a row naming its source currency, then one naming its destination currency,
 * then one naming both override the fields they set. `fixed` is in source units (so rows that
 * change it name a source currency or apply to every source alike), `variable` is a fraction
 * of the source amount (0.005 = 0.5%). decisions D4: fee = round_half_up(fixed + S × variable)
 * at the source currency's precision.
 */
export interface FeeRule {
  type: SettlementType;
  sourceCurrency?: Currency;
  destinationCurrency?: Currency;
  fixed?: string;
  variable?: string;
  note: string;
}

export const FEE_SCHEDULE: readonly FeeRule[] = [
  { type: "STABLECOIN_TO_STABLECOIN", fixed: "0", variable: "0.001", note: "swap or bridge between chains" },
  { type: "FIAT_TO_STABLECOIN", fixed: "1.00", variable: "0.005", note: "on-ramp" },
  { type: "FIAT_TO_STABLECOIN", sourceCurrency: "MXN", fixed: "18.00", note: "fixed fee in pesos" },
  {
    type: "FIAT_TO_STABLECOIN",
    sourceCurrency: "NGN",
    fixed: "1500.00",
    variable: "0.0075",
    note: "fixed fee in naira; naira liquidity",
  },
  { type: "STABLECOIN_TO_FIAT", fixed: "1.00", variable: "0.004", note: "off-ramp" },
  { type: "STABLECOIN_TO_FIAT", destinationCurrency: "MXN", variable: "0.006", note: "SPEI payout corridor" },
  { type: "STABLECOIN_TO_FIAT", destinationCurrency: "NGN", variable: "0.008", note: "NIP payout corridor" },
  { type: "FIAT_TO_FIAT", fixed: "2.00", variable: "0.006", note: "fiat in, fiat out" },
  { type: "FIAT_TO_FIAT", sourceCurrency: "MXN", fixed: "36.00", note: "fixed fee in pesos" },
  { type: "FIAT_TO_FIAT", sourceCurrency: "NGN", fixed: "3000.00", note: "fixed fee in naira" },
  { type: "FIAT_TO_FIAT", destinationCurrency: "NGN", variable: "0.01", note: "NIP payout corridor" },
];

export interface RouteFee {
  /** In source units, at most the source currency's precision. */
  fixed: Dec;
  /** A fraction of the source amount, 0 ≤ variable < 1. */
  variable: Dec;
  /** The rows that produced it, most general first. */
  rules: readonly FeeRule[];
}

function specificity(rule: FeeRule): number {
  return (rule.sourceCurrency ? 1 : 0) + (rule.destinationCurrency ? 2 : 0);
}

/**
 * The fee of a route. Throws `RangeError` for a pair outside the catalog, and `Error` when the
 * schedule has no row for the type or breaks its own rules (a defect, not client input).
 */
export function feeFor(
  sourceCurrency: string,
  destinationCurrency: string,
  schedule: readonly FeeRule[] = FEE_SCHEDULE,
): RouteFee {
  const type = settlementTypeOf(sourceCurrency, destinationCurrency);
  if (!type) throw new RangeError(`no fee for ${sourceCurrency} → ${destinationCurrency}`);
  const rules = schedule
    .filter(
      (r) =>
        r.type === type &&
        (r.sourceCurrency === undefined || r.sourceCurrency === sourceCurrency) &&
        (r.destinationCurrency === undefined || r.destinationCurrency === destinationCurrency),
    )
    .sort((a, b) => specificity(a) - specificity(b));
  let fixed: string | undefined;
  let variable: string | undefined;
  for (const r of rules) {
    fixed = r.fixed ?? fixed;
    variable = r.variable ?? variable;
  }
  if (fixed === undefined || variable === undefined || rules[0] === undefined || specificity(rules[0]) !== 0) {
    throw new Error(`fee schedule has no complete row for ${type}`);
  }
  const fee = { fixed: toDec(fixed), variable: toDec(variable), rules };
  if (fee.fixed.isNegative() || fee.fixed.decimalPlaces() > precisionOf(sourceCurrency)) {
    throw new Error(`fixed fee ${fixed} is not a ${sourceCurrency} amount`);
  }
  if (fee.variable.isNegative() || fee.variable.gte(1)) {
    throw new Error(`variable fee ${variable} must be in [0, 1)`);
  }
  return fee;
}

function percent(fraction: string): string {
  return `${toPlainString(new Dec(fraction).times(100))}%`;
}

/**
 * The schedule as a markdown table, for the OpenAPI description: the rows as written, with
 * the rule that combines them.
 */
export function feeScheduleMarkdown(schedule: readonly FeeRule[] = FEE_SCHEDULE): string {
  const lines = [
    "A route's fee starts from the row of its type; a row naming the source currency, then one naming " +
      "the destination currency, then one naming both, override the fields they set. " +
      "`fee = round_half_up(fixed + amount × variable)` at the source currency's precision " +
      "(fiat 2 decimals, stablecoins 6); `fixed` is in source units.",
    "",
    "| Route type | Source currency | Destination currency | Fixed (source units) | Variable | Note |",
    "|---|---|---|---|---|---|",
  ];
  for (const r of schedule) {
    lines.push(
      `| ${r.type} | ${r.sourceCurrency ?? "any"} | ${r.destinationCurrency ?? "any"} | ` +
        `${r.fixed ?? "(as above)"} | ${r.variable === undefined ? "(as above)" : `${percent(r.variable)} (${r.variable})`} | ${r.note} |`,
    );
  }
  return lines.join("\n");
}

/** Every supported currency pair with its resolved fee, as a markdown table. */
export function resolvedFeeTableMarkdown(schedule: readonly FeeRule[] = FEE_SCHEDULE): string {
  const lines = [
    "| Route type | Source currency | Destination currency | Fixed (source units) | Variable |",
    "|---|---|---|---|---|",
  ];
  for (const type of SETTLEMENT_TYPES) {
    for (const s of CURRENCIES) {
      for (const d of CURRENCIES) {
        if (settlementTypeOf(s, d) !== type) continue;
        const fee = feeFor(s, d, schedule);
        const variable = toPlainString(fee.variable);
        lines.push(
          `| ${type} | ${s} | ${d} | ${fee.fixed.toFixed(precisionOf(s))} | ${percent(variable)} (${variable}) |`,
        );
      }
    }
  }
  return lines.join("\n");
}
