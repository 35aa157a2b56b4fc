import "server-only";
import { toCanonical } from "@/lib/money/decimal";
import {
  checkReconciliationOverride,
  isTransactionIdRemoved,
  type SettlementRequestCreate,
} from "@/lib/schemas/settlement-request";
import { isCryptoSource } from "@/lib/schemas/source";
import type { Caller, ServiceDeps } from "../context";
import { invalidField } from "../errors";
import { newId } from "../ids";
import { eventsWritten } from "../outbox/emit";
import { manyEventWrites } from "../store/events";
import { paymentEvent } from "./payment-events";
import { quote, QuoteError, type Quote, type QuoteFieldNames } from "../quotes/quote";
import { oneStatement } from "../store/one-statement";
import type { PaymentRow } from "../store/payments";
import { newSettlementRequestWrites, type SettlementRequestRow } from "../store/settlement-requests";
import { paymentInstructions, validUntil } from "./payment-instructions";
import { toSettlementRequest, type SettlementRequestView } from "./settlement-request-view";

/** Quote errors name the create body's fields. */
const CREATE_FIELDS: QuoteFieldNames = {
  sourceAmount: "amount",
  destinationAmount: "destination.amount",
  sourceCurrency: "source.currency",
  sourceRail: "source.rail",
  destinationCurrency: "destination.currency",
  destinationRail: "destination.rail",
};

function priceRequest(body: SettlementRequestCreate, deps: ServiceDeps): Quote {
  const given =
    body.amount !== undefined ? { sourceAmount: body.amount } : { destinationAmount: body.destination.amount };
  try {
    return quote(
      {
        sourceCurrency: body.source.currency,
        sourceRail: body.source.rail,
        destinationCurrency: body.destination.currency,
        destinationRail: body.destination.rail,
        ...given,
        fields: CREATE_FIELDS,
      },
      deps.rates,
    );
  } catch (error) {
    if (error instanceof QuoteError) throw invalidField(error.field, error.message);
    throw error;
  }
}

/** The rules that need the service clock: transaction_id removal and the reconciliation override. */
function clockRules(body: SettlementRequestCreate, now: Date): { externalId: string | null; override: Date | null } {
  let externalId = body.external_id ?? null;
  if (body.transaction_id !== undefined) {
    if (isTransactionIdRemoved(now)) {
      throw invalidField("external_id", "transaction_id was removed on 2026-05-25: send the value as external_id");
    }
    externalId ??= body.transaction_id;
  }
  let override: Date | null = null;
  if (body.reconciliation_expected_at !== undefined) {
    const problem = checkReconciliationOverride(body.reconciliation_expected_at, now);
    if (problem) throw invalidField("reconciliation_expected_at", problem);
    override = new Date(body.reconciliation_expected_at);
  }
  return { externalId, override };
}

/**
 * POST /v0/settlement-requests: prices the route, then writes the request in REQUEST_STARTED,
 * its PAYIN and PAYOUT (AWAITING_FUNDS), the creation history row and the
 * settlement_request.created event and the two payment.created events (with their deliveries)
 * in one statement, so all or nothing.
 */
export async function createSettlementRequest(
  deps: ServiceDeps,
  caller: Caller,
  body: SettlementRequestCreate,
): Promise<SettlementRequestView> {
  const now = deps.clock.now();
  const { externalId, override } = clockRules(body, now);
  const q = priceRequest(body, deps);
  const id = newId();
  const until = validUntil(body.source, now);
  const instructions = paymentInstructions(
    id,
    body.source,
    q,
    until,
    caller.environment,
    deps.config.productionBankName,
  );
  const scope = { accountId: caller.accountId, environment: caller.environment };
  const sourceAmount = toCanonical(q.sourceAmount);
  const destinationAmount = toCanonical(q.destinationAmount);
  const depositWallet = "wallet_address" in instructions ? instructions.wallet_address : null;

  const request: SettlementRequestRow = {
    id,
    ...scope,
    type: body.type,
    paymentReason: body.payment_reason,
    status: "REQUEST_STARTED",
    amount: sourceAmount,
    destination: body.destination,
    source: body.source,
    paymentInstructions: instructions,
    externalId,
    metadata: body.metadata ?? {},
    reconciliationOverride: override,
    // The caller's override is shown from creation; without one, T+3 is set at FUNDS_SENT.
    reconciliationExpectedAt: override,
    validUntil: until,
    processingAt: null,
    completedAt: null,
    failureCode: null,
    failureReason: null,
    createdAt: now,
    updatedAt: now,
  };
  const common = {
    ...scope,
    status: "AWAITING_FUNDS" as const,
    settlementRequestId: id,
    disbursementId: null,
    transactionHash: null,
    receivedAmount: null,
    metadata: {},
    failureReason: null,
    completedAt: null,
    createdAt: now,
    updatedAt: now,
    statusChangedAt: now,
  };
  const inbound: PaymentRow = {
    ...common,
    id: newId(),
    type: "PAYIN",
    amount: sourceAmount,
    currency: body.source.currency,
    rail: body.source.rail,
    source: {
      amount: sourceAmount,
      currency: body.source.currency,
      rail: body.source.rail,
      wallet_address: isCryptoSource(body.source) ? (body.source.wallet_address ?? null) : null,
    },
    destination: {
      amount: sourceAmount,
      currency: body.source.currency,
      rail: body.source.rail,
      wallet_address: depositWallet,
    },
    fee: toCanonical(q.fee.total),
  };
  const outbound: PaymentRow = {
    ...common,
    id: newId(),
    type: "PAYOUT",
    amount: destinationAmount,
    currency: body.destination.currency,
    rail: body.destination.rail,
    source: {
      amount: destinationAmount,
      currency: body.destination.currency,
      rail: body.destination.rail,
      wallet_address: null,
    },
    destination: {
      amount: destinationAmount,
      currency: body.destination.currency,
      rail: body.destination.rail,
      wallet_address: "wallet_address" in body.destination ? body.destination.wallet_address : null,
    },
    fee: "0",
  };

  const view = toSettlementRequest(request, [inbound, outbound], now);
  const events = manyEventWrites([
    { ...scope, type: "settlement_request.created", data: view, at: now },
    paymentEvent("payment.created", inbound, now),
    paymentEvent("payment.created", outbound, now),
  ]);
  const history = {
    settlementRequestId: id,
    at: now,
    fromStatus: null,
    toStatus: "REQUEST_STARTED" as const,
    cause: "api" as const,
  };
  const writes = [...newSettlementRequestWrites(request, [inbound, outbound], history), ...events.writes];
  const [written] = await oneStatement<{ fanned: number }>(deps.db, writes, events.select);
  eventsWritten(Number(written?.fanned ?? 0));
  return view;
}
