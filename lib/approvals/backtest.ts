import "server-only";
import Decimal from "decimal.js";
import type { Environment } from "@/lib/schemas/catalog";
import { listDisbursements, listSettlementRequests, listV1Payments } from "@/lib/settlement-api";
import { MOST_ROWS } from "./backtest-limits";
import { shortDestination } from "./facts";
import { walletId } from "@/lib/schemas/destination-id";
import { payeeKeys } from "./payees";
import { inUsd } from "./usd";
import { type ControlledAction, type RuleBody, ruleMatches, type SubmissionFacts } from "./rules";
import type { BacktestResult } from "./types";

export type { BacktestResult };

/**
 * "What would this rule have held?" (decisions D19.4): the account's last 30 or 90 days, read
 * through the API's own lists (so it works against a remote service too), judged by the rule as
 * drafted. A settlement request is held when the rule matches either side of it (the amount the
 * payer sends, or the amount the recipient gets), since either may be the one a person typed.
 * At most MOST_ROWS per list are read; the answer says when it stopped there.
 */
const PAGE = 100;

type Candidate = { id: string; createdAt: string; href: string; facts: SubmissionFacts[] };

export async function backtest(rule: RuleBody, days: 30 | 90, now = new Date()): Promise<BacktestResult> {
  const from = new Date(now.getTime() - days * 86_400_000);
  const result: BacktestResult = { days, scanned: 0, held: 0, amounts: [], sample: [], capped: false, errors: [] };
  const totals = new Map<string, Decimal>();
  const active = { ...rule, enabled: true };
  for (const environment of rule.conditions.environments) {
    // One quote per currency for the whole replay (a threshold in USD).
    const rates = new Map<string, Decimal | null>();
    const keys = await payeeKeys(environment);
    const known: Known = (address) => (address ? keys.has(walletId(address)) : false);
    for (const action of rule.conditions.actions) {
      const read = await candidates(environment, action, from, known);
      if (read.error) result.errors.push(`${environment} ${action}: ${read.error}`);
      result.capped ||= read.capped;
      const usd = rule.conditions.amountAtLeast !== null && rule.conditions.amountIn === "USD";
      for (const c of read.rows) {
        result.scanned++;
        if (usd) for (const f of c.facts) f.amountUsd = await inUsd(environment, f.currency, f.amount, rates);
        const match = c.facts.find((f) => ruleMatches(active, f));
        if (!match) continue;
        result.held++;
        if (match.currency && match.amount)
          totals.set(match.currency, (totals.get(match.currency) ?? new Decimal(0)).plus(match.amount));
        if (result.sample.length < 8)
          result.sample.push({
            id: c.id,
            action,
            environment,
            label: match.label,
            createdAt: c.createdAt,
            href: c.href,
          });
      }
    }
  }
  result.amounts = [...totals]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount: amount.toFixed() }));
  return result;
}

async function candidates(
  environment: Environment,
  action: ControlledAction,
  from: Date,
  known: Known,
): Promise<{ rows: Candidate[]; capped: boolean; error?: string }> {
  const rows: Candidate[] = [];
  // New payees have no history in the API to replay.
  if (action === "payee") return { rows, capped: false };
  for (let page = 1; page <= MOST_ROWS / PAGE; page++) {
    const got = await pageOf(environment, action, from, page, known);
    if (!got.ok) return { rows, capped: false, error: got.error };
    rows.push(...got.rows);
    if (!got.more) return { rows, capped: false };
  }
  return { rows, capped: true };
}

/** Whether a wallet address is in the environment's payee book now (the backtest's stand-in for "then"). */
type Known = (address: string | null | undefined) => boolean;

async function pageOf(
  environment: Environment,
  action: ControlledAction,
  from: Date,
  page: number,
  known: Known,
): Promise<{ ok: true; rows: Candidate[]; more: boolean } | { ok: false; error: string }> {
  const created_from = from.toISOString();
  if (action === "settlement_request") {
    const res = await listSettlementRequests(environment, { page, page_size: PAGE, created_from });
    if (!res.ok) return { ok: false, error: res.error.message };
    const rows = res.data.data.map((r) => {
      const destinationType = r.destination.wallet_address ? ("wallet" as const) : ("bank" as const);
      const to = `${r.destination.currency} ${shortDestination(r.destination.wallet_address ?? null)}`.trim();
      const knownDestination = known(r.destination.wallet_address);
      const sides: SubmissionFacts[] = [
        {
          environment,
          action,
          currency: r.source.currency,
          amount: r.amount,
          destinationType,
          knownDestination,
          label: `${r.source.currency} ${r.amount} → ${to}`,
        },
      ];
      if (r.destination.amount)
        sides.push({
          environment,
          action,
          currency: r.destination.currency,
          amount: r.destination.amount,
          destinationType,
          knownDestination,
          label: `${r.destination.currency} ${r.destination.amount} → ${to}`,
        });
      return { id: r.id, createdAt: r.created_at, href: `/settlement-requests/${r.id}`, facts: sides };
    });
    return { ok: true, rows, more: page < res.data.pagination.total_pages };
  }
  if (action === "disbursement") {
    const res = await listDisbursements(environment, { page, page_size: PAGE, created_from });
    if (!res.ok) return { ok: false, error: res.error.message };
    const rows = res.data.data.map((d) => ({
      id: d.id,
      createdAt: d.created_at,
      href: `/disbursements/${d.id}`,
      facts: [
        {
          environment,
          action,
          currency: d.currency,
          amount: d.amount,
          destinationType: "wallet" as const,
          knownDestination: known(d.wallet_address),
          label: `${d.currency} ${d.amount} → ${shortDestination(d.wallet_address ?? null)}`,
        },
      ],
    }));
    return { ok: true, rows, more: page < res.data.pagination.total_pages };
  }
  const res = await listV1Payments(environment, { page, page_size: PAGE });
  if (!res.ok) return { ok: false, error: res.error.message };
  const recent = res.data.data.filter((p) => Date.parse(p.created_at) >= from.getTime());
  const rows = recent.map((p) => ({
    id: p.id,
    createdAt: p.created_at,
    href: `/v1-payments/${p.id}`,
    facts: [
      {
        environment,
        action,
        currency: p.currency_code,
        amount: p.amount,
        destinationType: "wallet" as const,
        knownDestination: known(p.destination_wallet),
        label: `${p.currency_code} ${p.amount} → ${shortDestination(p.destination_wallet ?? null)}`,
      },
    ],
  }));
  // Newest first: a page that reaches past the window ends the read.
  return { ok: true, rows, more: recent.length === res.data.data.length && page < res.data.pagination.total_pages };
}
