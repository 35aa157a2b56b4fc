import "server-only";
import { addDays, dayIn } from "@/lib/dates/calendar";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import { CURRENCIES, type Environment } from "@/lib/schemas/catalog";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { exportRows } from "@/lib/settlement-api";
import { CloseReadsTally } from "./close-reads";
import { saveCloseReads } from "./close-reads-store";
import { lockedCurrencies } from "./locks";
import { insertExpected, type NewExpected } from "./expected-store";
import { upsertMovements } from "./movements-store";
import { movementRange } from "./period";
import type { ActualMovement } from "./types";
import { returnsByDisbursement } from "@/lib/returns/store";

/**
 * What the service did, read through its API (issue 46, decisions D24.5): every payment that
 * settled (COMPLETED) or came back (REFUNDED), created from a month before `period` to a month
 * after it (movementRange), as one movement each, read through the API's streamed export (one call
 * each, issue 57). An
 * inbound payment counts what arrived (`received_amount`, else what was instructed); an outbound
 * one what the recipient got. An inbound payment's reference is its request's external_id; a
 * payout's, what instructed it (the external_id, else the request's id; a disbursement's id). Its
 * counterparty is the request's `metadata.counterparty`, else the beneficiary's name. Its day is
 * when it completed, in the merchant's time zone (MERCHANT_TIME_ZONE). Every payout the API
 * instructed is also an expected settlement (the API created it), so a payout that settles is
 * matched and one that does not is missed. While it reads, it counts the month's close reads
 * (close-reads.ts): what was in transit at its end and its conversions, stored for the close
 * page.
 */
export async function syncMovements(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<{ ok: true; movements: number } | { ok: false; message: string }> {
  const { from, to } = movementRange(period);
  const requests = new Map<string, SettlementRequest>();
  const movements: Array<ActualMovement & { fee: string; parentId: string | null }> = [];
  const payouts: NewExpected[] = [];
  const disbursementIds = new Set<string>();
  const tally = new CloseReadsTally(period, env().MERCHANT_TIME_ZONE);
  try {
    for await (const r of exportRows(environment, "settlement-requests", from, to)) {
      requests.set(r.id, r);
      tally.addRequest(r);
    }
  } catch (error) {
    return { ok: false, message: `Settlement requests could not be read: ${(error as Error).message}` };
  }
  try {
    for await (const p of exportRows(environment, "payments", from, to)) {
      const request = p.settlement_request_id ? requests.get(p.settlement_request_id) : undefined;
      tally.addPayment(p);
      if (p.disbursement_id) disbursementIds.add(p.disbursement_id);
      const movement = movementOf(p, request);
      if (movement) movements.push(movement);
      const expected = expectedPayoutOf(p, request);
      if (expected) payouts.push(expected);
    }
  } catch (error) {
    return { ok: false, message: `Payments could not be read: ${(error as Error).message}` };
  }
  await nameReturns(db, environment, [...disbursementIds], movements, payouts);
  await upsertMovements(db, environment, movements);
  // Once per payout (its source id): a payout instructed through the API is expected to settle.
  await insertExpected(db, environment, payouts, null);
  // A currency closed for the month keeps the reads it was closed on (issue 57).
  const locked = await lockedCurrencies(db, environment, period);
  await saveCloseReads(db, environment, period, tally.result(CURRENCIES.filter((c) => !locked.has(c))));
  return { ok: true, movements: movements.length };
}

/**
 * A disbursement that returns a payin to its payer (issue 64, decisions D25.9) carries the payin's
 * reference (its request's external_id, else the request's id), as do the payout expected of it,
 * so reconciliation shows the return beside the payin it gives back; it is still one movement out.
 */
async function nameReturns(
  db: Executor,
  environment: Environment,
  disbursementIds: string[],
  movements: Array<ActualMovement & { parentId: string | null }>,
  payouts: NewExpected[],
): Promise<void> {
  const returns = new Map<string, { requestId: string; externalId: string | null }>();
  for (let i = 0; i < disbursementIds.length; i += 1_000)
    for (const [id, r] of await returnsByDisbursement(db, environment, disbursementIds.slice(i, i + 1_000)))
      returns.set(id, r);
  if (returns.size === 0) return;
  const named = (id: string | null) => {
    const r = id ? returns.get(id) : undefined;
    return r ? (r.externalId ?? r.requestId) : null;
  };
  for (const m of movements) if (m.kind === "disbursement") m.reference = named(m.parentId) ?? m.reference;
  for (const p of payouts) p.reference = named(p.reference) ?? p.reference;
}

/** Request statuses in which a payout still waiting will never be funded (issue 64). */
const UNFUNDED_ENDS: ReadonlySet<string> = new Set(["PAYIN_AMOUNT_MISMATCH", "REQUEST_REFUNDED"]);

/** How many days a payout the API instructed has to settle before it is late. */
export const PAYOUT_WINDOW_DAYS = 7;

/**
 * What a payout the API instructed is expected to do (decisions D24.5): a settlement request's
 * outbound payment, or a disbursement's, settles within PAYOUT_WINDOW_DAYS of its creation for
 * the amount the recipient is to get. Recorded once (its source id), so a payout that fails or
 * never settles shows up as not paid when its window is over.
 */
export function expectedPayoutOf(p: Payment, request: SettlementRequest | undefined): NewExpected | null {
  if (p.type !== "PAYOUT") return null;
  if (p.status === "CANCELED" || p.status === "EXPIRED") return null;
  // A payout its payin never funded (the payin came in wrong, or went back to the payer) is not expected to go.
  if (request && UNFUNDED_ENDS.has(request.status) && (p.status === "PENDING" || p.status === "AWAITING_FUNDS"))
    return null;
  const start = dayIn(env().MERCHANT_TIME_ZONE, new Date(p.created_at));
  return {
    direction: "out",
    amount: p.destination.amount,
    currency: p.destination.currency,
    toleranceAbs: "0",
    tolerancePct: "0",
    windowStart: start,
    windowEnd: addDays(start, PAYOUT_WINDOW_DAYS),
    counterparty: counterpartyOf(request),
    reference: payoutReference(p, request),
    source: "api",
    sourceId: `payout:${p.id}`,
    // The month it was instructed in: a payout sent on the 30th belongs to that month's close (in transit, if it has not settled).
    period: start.slice(0, 7),
  };
}

/** A payout's reference: its request's external_id, else the request's id; a disbursement's id. */
const payoutReference = (p: Payment, request: SettlementRequest | undefined) =>
  p.disbursement_id ?? request?.external_id ?? request?.id ?? p.settlement_request_id ?? null;

/** One payment as a movement, or null while it has not settled. */
export function movementOf(
  p: Payment,
  request: SettlementRequest | undefined,
): (ActualMovement & { fee: string; parentId: string | null }) | null {
  if (p.status !== "COMPLETED" && p.status !== "REFUNDED") return null;
  const inbound = p.type === "PAYIN";
  const side = inbound ? p.source : p.destination;
  const at = new Date(p.completed_at ?? p.updated_at);
  return {
    id: p.id,
    kind: p.disbursement_id ? "disbursement" : "payment",
    direction: inbound ? "in" : "out",
    amount: inbound ? (p.received_amount ?? side.amount) : side.amount,
    currency: side.currency,
    day: dayIn(env().MERCHANT_TIME_ZONE, at),
    counterparty: counterpartyOf(request),
    // An inbound payment carries what the payer wrote (its request's external_id, or nothing); a payout, what instructed it.
    reference: inbound ? (request?.external_id ?? null) : payoutReference(p, request),
    rail: side.rail,
    returned: p.status === "REFUNDED",
    fee: p.fee,
    parentId: p.settlement_request_id ?? p.disbursement_id ?? null,
  };
}

function counterpartyOf(request: SettlementRequest | undefined): string | null {
  if (!request) return null;
  const named = request.metadata?.counterparty;
  if (typeof named === "string" && named.trim()) return named.trim();
  const b = (request.destination as { beneficiary?: Record<string, unknown> | null }).beneficiary;
  if (!b) return null;
  const name =
    typeof b.business_name === "string"
      ? b.business_name
      : [b.first_name, b.last_name].filter((x) => typeof x === "string").join(" ");
  return name.trim() || null;
}
