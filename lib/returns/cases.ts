import { Dec, toCurrencyString } from "@/lib/money/decimal";
import { CHAINS, STABLECOINS, type Chain } from "@/lib/schemas/catalog";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";

/**
 * Payins that came in wrong (issue 64, part 3; decisions D25.9), and what can be done with each.
 * Pure and browser-safe: the queue, the actions and the tests read a case the same way.
 */

/** Why a payin waits for a decision: the service's status says it, or reconciliation found it paid twice. */
export type CaseKind = "overpaid" | "underpaid" | "late" | "after_expiry" | "duplicate";

/** How much of it goes back: what arrived over the instructed amount, or all that arrived. */
export type ReturnMode = "excess" | "whole";

export type PayinCase = {
  requestId: string;
  externalId: string | null;
  status: SettlementRequest["status"];
  kind: CaseKind;
  currency: string;
  /** What the payer was told to send. */
  expected: string;
  /** What arrived (null: nothing has arrived yet, a late payin). */
  received: string | null;
  /** received − expected, at the currency's places (null while nothing arrived). */
  difference: string | null;
  /** Where the payin came from, when the service knows it: a return goes back there. */
  payerWallet: string | null;
  payerChain: Chain | null;
  createdAt: string;
  /** What may be returned, by mode, at the currency's places (empty: nothing can go back through the API). */
  returnable: Partial<Record<ReturnMode, string>>;
};

/** Request statuses whose payin may need a decision (REQUEST_EXPIRED only once its payin arrived). */
export const CASE_STATUSES = ["PAYIN_AMOUNT_MISMATCH", "FUNDS_RECEIVING_LATE", "REQUEST_EXPIRED"] as const;

const isStablecoin = (c: string) => (STABLECOINS as readonly string[]).includes(c);
const asChain = (rail: string | null | undefined): Chain | null =>
  rail && (CHAINS as readonly string[]).includes(rail) ? (rail as Chain) : null;

/**
 * The case a request makes, or null when it makes none. `payin` is its inbound payment as GET
 * /v0/payments/{id} returns it (the received amount and the payer's address are only there).
 * `duplicate`: reconciliation found this payin to be the same payment again (its reference and
 * amount already paid an expected settlement), so all of it may go back, whatever the status says.
 */
export function caseOf(request: SettlementRequest, payin: Payment | null, duplicate = false): PayinCase | null {
  const currency = request.inbound_payment.currency;
  const expected = payin?.source.amount ?? request.inbound_payment.amount;
  const arrived = payin && (payin.status === "COMPLETED" || request.status === "PAYIN_AMOUNT_MISMATCH");
  const received = arrived ? (payin.received_amount ?? payin.source.amount) : null;
  let kind: CaseKind;
  if (duplicate) {
    if (received === null) return null;
    kind = "duplicate";
  } else if (request.status === "PAYIN_AMOUNT_MISMATCH") {
    if (received === null) return null;
    const diff = new Dec(received).minus(expected);
    if (diff.isZero()) return null;
    kind = diff.isPositive() ? "overpaid" : "underpaid";
  } else if (request.status === "FUNDS_RECEIVING_LATE") {
    kind = "late";
  } else if (request.status === "REQUEST_EXPIRED") {
    if (received === null) return null;
    kind = "after_expiry";
  } else return null;

  // A duplicate is extra as a whole: what arrived is its difference.
  const difference =
    received === null
      ? null
      : toCurrencyString(kind === "duplicate" ? new Dec(received) : new Dec(received).minus(expected), currency);
  const returnable: PayinCase["returnable"] = {};
  // The API pays back only stablecoins (a disbursement); a fiat payin is settled with the payer outside it.
  if (received !== null && isStablecoin(currency)) {
    if (kind === "overpaid") returnable.excess = toCurrencyString(new Dec(received).minus(expected), currency);
    returnable.whole = toCurrencyString(received, currency);
  }
  return {
    requestId: request.id,
    externalId: request.external_id ?? null,
    status: request.status,
    kind,
    currency,
    expected: toCurrencyString(expected, currency),
    received: received === null ? null : toCurrencyString(received, currency),
    difference,
    payerWallet: payin?.source.wallet_address ?? request.source?.wallet_address ?? null,
    payerChain: asChain(payin?.source.rail ?? request.source?.rail),
    createdAt: request.created_at,
    returnable,
  };
}
