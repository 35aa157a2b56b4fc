import "server-only";
import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/session";
import { governingRule, type Rule, type SubmissionFacts } from "@/lib/approvals/rules";
import { currentRules } from "@/lib/approvals/store";
import { destinationsOf, noteDestinations, usedTodayUsd } from "@/lib/approvals/money-calls";
import { coolingOffMinutes } from "@/lib/approvals/payees";
import { leftOf, limitFor } from "@/lib/approvals/limits";
import { startOfDayIn } from "@/lib/dates/calendar";
import { inUsd } from "@/lib/approvals/usd";
import { availableBalances } from "@/lib/settlement-api/available-balances";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/money/format";
import { breachText, floorBreaches } from "@/lib/runway/floor-check";
import { batchRows } from "./schema";
import { needsDecision } from "./outcome";
import type { BatchRow } from "./store";
import { progressOf, quoteFeesOf, totalsOf } from "./tallies";
import { rowsOf } from "./review-rows";
import { payeeOf } from "./rows";
import type { DestinationId } from "@/lib/schemas/destination-id";
import type { BatchCheck, BatchTotals, CheckItem } from "./types";
import { formatUtcMinute } from "@/lib/dashboard/format-date";

/**
 * A production batch is never sent without a person's approval (issue 32: "no automatic
 * approval"): when no rule of the console holds it, this one does (decisions D20.5).
 */
export const PRODUCTION_BATCH_RULE: Rule = {
  id: "batch-payout",
  version: 1,
  name: "Batch payout",
  enabled: true,
  conditions: {
    environments: ["production"],
    actions: ["disbursement", "settlement_request"],
    currencies: [],
    amountAtLeast: null,
    amountIn: "submission",
    destinationTypes: [],
    newDestinationOnly: false,
  },
  approvalsRequired: 1,
  approverRoles: ["admin", "finance"],
  createdBy: "console",
  createdAt: "",
};

/** A batch that would take a currency below its runway floor waits for this one when no other rule holds it (decisions D25.7). */
export const RUNWAY_FLOOR_BATCH_RULE: Rule = {
  ...PRODUCTION_BATCH_RULE,
  id: "runway-floor",
  name: "Runway floor",
  conditions: {
    ...PRODUCTION_BATCH_RULE.conditions,
    environments: ["sandbox", "production"],
    actions: ["disbursement"],
  },
};

export type Shortfall = { currency: string; amount: string; available: string; short: string };

const rowList = (rowNos: number[]) =>
  `${rowNos.slice(0, 5).join(", ")}${rowNos.length > 5 ? ` and ${rowNos.length - 5} more` : ""}`;

/**
 * Checks a batch in its own environment without moving money (issue 44, decisions D20.14):
 * validation and the rows still to decide, the service's prices for each row (the quote pass,
 * run in the batch's environment), the balance per currency, cooling-off per destination, the
 * person's daily limit and the approval rule it will meet. Read-only: it writes nothing, not
 * even the first sight of a destination, and calls the service only to read balances and rates.
 */
export async function checkBatch(db: Executor, batch: BatchRow, actor: Actor): Promise<BatchCheck> {
  const production = batch.environment === "production";
  const [progress, rows, totals] = await Promise.all([
    progressOf(db, batch.id),
    rowsOf(db, batch.id, batch.kind),
    totalsOf(db, batch.id),
  ]);
  const items: CheckItem[] = [];
  const invalid = rows.filter((r) => r.included && r.problems.length > 0).map((r) => r.rowNo);
  const undecided = rows.filter(needsDecision).map((r) => r.rowNo);
  const toSend = progress.waiting - progress.invalid;
  items.push(
    invalid.length > 0
      ? {
          key: "rows",
          tone: "stop",
          title: "Rows with problems",
          detail: `Rows ${rowList(invalid)}: fix or drop them.`,
        }
      : undecided.length > 0
        ? {
            key: "rows",
            tone: "stop",
            title: "Flagged rows to decide",
            detail: `Rows ${rowList(undecided)} repeat an earlier row or are far above the usual amount: keep or drop each.`,
          }
        : toSend === 0
          ? { key: "rows", tone: "stop", title: "No row to send", detail: "Every row is dropped." }
          : {
              key: "rows",
              tone: "ok",
              title: "Every row valid",
              detail: `${toSend} row${toSend === 1 ? "" : "s"} to send, each with its own Idempotency-Key.`,
            },
  );

  if (batch.kind === "settlement_request") {
    const quotes = await quoteFeesOf(db, batch.id);
    const refused = rows.filter((r) => r.included && r.quote && "error" in r.quote).map((r) => r.rowNo);
    items.push(
      refused.length > 0
        ? {
            key: "prices",
            tone: "stop",
            title: `Not priced in ${batch.environment}`,
            detail: `The service would not quote rows ${rowList(refused)} (see the table).`,
          }
        : quotes.priced < quotes.of
          ? {
              key: "prices",
              tone: "warn",
              title: "Still pricing",
              detail: `${quotes.priced} of ${quotes.of} rows quoted so far: run the dry run again in a moment.`,
            }
          : {
              key: "prices",
              tone: "ok",
              title: `Priced in ${batch.environment}`,
              detail: `Every row quoted${quotes.fees.length > 0 ? `; fees ${moneyList(quotes.fees)}` : ""}.`,
            },
    );
    if (quotes.funding.length > 0)
      items.push({
        key: "funding",
        tone: "ok",
        title: "To fund, fees included",
        detail: `The payers send ${moneyList(quotes.funding)}.`,
      });
  } else {
    const shortfall = await shortfallOf(batch.environment, totals);
    items.push(
      shortfall === null
        ? {
            key: "balance",
            tone: "warn",
            title: "Balance not read",
            detail: "The service did not answer: the balance is checked again at submit.",
          }
        : shortfall.length > 0
          ? {
              key: "balance",
              tone: "stop",
              title: `Not enough ${batch.environment} balance`,
              detail: `${shortfallText(shortfall)}. Top up first, or submit with “funding first”.`,
            }
          : {
              key: "balance",
              tone: "ok",
              title: `Enough ${batch.environment} balance`,
              detail: `${moneyList(totals)} to send.`,
            },
    );
  }

  const breaches = batch.kind === "disbursement" ? await floorBreaches(db, batch.environment, totals) : [];
  if (breaches.length > 0)
    items.push({
      key: "runway",
      tone: "warn",
      title: "Below the runway floor",
      detail: `${breachText(breaches)}. It waits for an approval from admin or finance before any row is sent.`,
    });

  if (production) {
    const cooling = await coolingRows(db, batch, { note: false });
    const first = cooling[0];
    items.push(
      first
        ? {
            key: "cooling",
            tone: "stop",
            title: "New destinations cooling off",
            detail: `Rows ${rowList(cooling.map((c) => c.rowNo))} pay a destination this account never paid: usable from ${utc(first.from)}.`,
          }
        : {
            key: "cooling",
            tone: "ok",
            title: "No destination cooling off",
            detail: "Every destination was paid before or is past its cooling-off period.",
          },
    );
  }

  const rules = await currentRules(db);
  // Priced in USD when a limit or a rule reads USD (each currency once, by the service's quote).
  const usd =
    production || needsUsd(rules)
      ? await usdValueOf(batch.environment, totals)
      : { perCurrency: new Map<string, string | null>(), total: null };
  const facts = factsOfTotals(batch, totals, usd.perCurrency);
  const rule =
    pickRule(rules, facts) ??
    (production ? PRODUCTION_BATCH_RULE : null) ??
    (breaches.length > 0 ? RUNWAY_FLOOR_BATCH_RULE : null);
  if (production) {
    const limit = await limitFor(db, actor, batch.environment);
    if (limit) {
      const used = await usedTodayUsd(db, actor.userId, batch.environment, startOfDayIn(env().MERCHANT_TIME_ZONE));
      const left = leftOf(limit.amount, used);
      const over = usd.total === null || new Decimal(usd.total).greaterThan(left);
      items.push({
        key: "limit",
        tone: over ? "warn" : "ok",
        title: over ? "Over your daily limit" : "Within your daily limit",
        detail: `${usd.total === null ? "Could not be priced in USD" : `Worth ${formatMoney(usd.total, "USD")}`}; ${formatMoney(left, "USD")} left today of ${formatMoney(limit.amount, "USD")}. A batch waits for an approval whatever its size.`,
      });
    }
  }
  items.push(
    rule
      ? {
          key: "approval",
          tone: "ok",
          title: `Waits for “${rule.name}”`,
          detail: `${rule.approvalsRequired} approval${rule.approvalsRequired === 1 ? "" : "s"} from ${rule.approverRoles.join(" or ")} (not you) before any row is sent.`,
        }
      : {
          key: "approval",
          tone: "ok",
          title: "No approval needed",
          detail: "No rule holds it: it starts sending when you submit.",
        },
  );
  return {
    environment: batch.environment,
    checkedAt: new Date().toISOString(),
    rows: toSend,
    items,
    ready: items.every((i) => i.tone !== "stop"),
  };
}

const moneyList = (totals: BatchTotals) => totals.map((t) => formatMoney(t.amount, t.currency)).join(", ");
const utc = formatUtcMinute;

/**
 * The included rows whose destination this account never paid and first saw less than the
 * cooling-off period ago (issue 43): a batch row is a destination like any other. `note: true`
 * (submit) records each destination's first sight; the dry run only reads.
 */
export async function coolingRows(
  db: Executor,
  batch: BatchRow,
  { note }: { note: boolean },
): Promise<Array<{ rowNo: number; from: Date }>> {
  const rows = await db
    .select({ rowNo: batchRows.rowNo, body: batchRows.body })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, batch.id), eq(batchRows.included, true)));
  const keyed = rows
    .map((r) => ({ rowNo: r.rowNo, key: payeeOf(batch.kind, r.body) }))
    .filter((r): r is { rowNo: number; key: DestinationId } => r.key !== null);
  const keys = keyed.map((r) => r.key);
  const [known, minutes] = await Promise.all([
    note ? noteDestinations(db, batch.environment, keys) : destinationsOf(db, batch.environment, [...new Set(keys)]),
    coolingOffMinutes(db, batch.environment),
  ]);
  const now = Date.now();
  return keyed
    .map((r) => {
      const seen = known.get(r.key);
      const from = new Date((seen?.firstSeenAt.getTime() ?? now) + minutes * 60_000);
      return { rowNo: r.rowNo, from, paid: seen?.firstPaidAt != null };
    })
    .filter((r) => !r.paid && r.from.getTime() > now)
    .sort((a, b) => a.rowNo - b.rowNo);
}

/** Each currency whose total is more than the environment's available balance; null when the balance could not be read. */
export async function shortfallOf(
  environment: BatchRow["environment"],
  totals: BatchTotals,
): Promise<Shortfall[] | null> {
  const balances = await availableBalances(environment);
  if (!balances) return null;
  return totals.flatMap((t) => {
    const available = balances.find((b) => b.currency === t.currency)?.available_balance ?? "0";
    const short = new Decimal(t.amount).minus(available);
    return short.greaterThan(0) ? [{ currency: t.currency, amount: t.amount, available, short: short.toFixed() }] : [];
  });
}

/** "USDT: 9,000.00 USDT to send, 5,000.00 USDT available (short by 4,000.00 USDT)" */
export function shortfallText(shortfall: ReadonlyArray<Shortfall>): string {
  return shortfall
    .map(
      (s) =>
        `${s.currency}: ${formatMoney(s.amount, s.currency)} to send, ${formatMoney(s.available, s.currency)} available (short by ${formatMoney(s.short, s.currency)})`,
    )
    .join("; ");
}

/** Each currency's total in USD by the service's quote, and their sum (null when one could not be priced). */
export async function usdValueOf(
  environment: BatchRow["environment"],
  totals: BatchTotals,
): Promise<{ perCurrency: Map<string, string | null>; total: string | null }> {
  const rates = new Map<string, Decimal | null>();
  const perCurrency = new Map<string, string | null>();
  let total: Decimal | null = new Decimal(0);
  for (const t of totals) {
    const usd = await inUsd(environment, t.currency, t.amount, rates);
    perCurrency.set(t.currency, usd);
    total = usd === null || total === null ? null : total.plus(usd);
  }
  return { perCurrency, total: total?.toFixed() ?? null };
}

/** Whether a rule of `rules` judges an amount in USD. */
export const needsUsd = (rules: Rule[]) =>
  rules.some((r) => r.enabled && r.conditions.amountIn === "USD" && r.conditions.amountAtLeast !== null);

/** Each currency's total as the facts a rule reads. */
export function factsOfTotals(
  batch: BatchRow,
  totals: BatchTotals,
  usd: Map<string, string | null>,
): SubmissionFacts[] {
  return totals.map((t) => ({
    environment: batch.environment,
    action: batch.kind,
    currency: t.currency,
    amount: t.amount,
    amountUsd: usd.get(t.currency) ?? null,
    destinationType: batch.kind === "disbursement" ? ("wallet" as const) : null,
    knownDestination: null,
    label: formatMoney(t.amount, t.currency, { currencyDisplay: "code" }),
  }));
}

/** Of the rules matching any currency's total, the one asking for the most approvals. */
export function pickRule(rules: Rule[], facts: SubmissionFacts[]): Rule | null {
  let chosen: Rule | null = null;
  for (const f of facts) {
    const rule = governingRule(rules, f);
    if (rule && (!chosen || rule.approvalsRequired > chosen.approvalsRequired)) chosen = rule;
  }
  return chosen;
}
