import "server-only";
import type { Disbursement, DisbursementCreate } from "@/lib/schemas/disbursement";
import { disbursementNextStepAt } from "@/lib/state-machine";
import type { Caller, ServiceDeps } from "../context";
import { newId } from "../ids";
import type { BalanceKey } from "../store/ledger";
import { destinationIdFor, insertDisbursement, newDisbursementPayment } from "../store/disbursements";
import { insertPayment } from "../store/payments";
import { emitEvent } from "../outbox/emit";
import { noteBalanceChange, reserveOrRefuse } from "./balances";
import { paymentEvent } from "./payment-events";
import { disbursementToWire } from "./disbursement-view";

/**
 * POST /v0/disbursements (decisions D10): reserves the amount from the pre-funded balance of the
 * currency, then records the disbursement PENDING with its outbound payment, in one transaction.
 * The simulated rail moves it on (disbursement-rail.ts).
 */
export async function createDisbursement(
  deps: ServiceDeps,
  caller: Caller,
  input: DisbursementCreate,
): Promise<Disbursement> {
  const at = deps.clock.now();
  const key: BalanceKey = { accountId: caller.accountId, environment: caller.environment, currency: input.currency };
  const row = await deps.db.transaction(async (tx) => {
    const id = newId();
    const paymentId = newId();
    const change = await reserveOrRefuse(tx, key, input.amount, { refType: "disbursement", refId: id }, at);
    const destinationId = await destinationIdFor(tx, caller.accountId, input.chain, input.wallet_address, at);
    const created = await insertDisbursement(tx, {
      id,
      accountId: caller.accountId,
      environment: caller.environment,
      destinationId,
      chain: input.chain,
      walletAddress: input.wallet_address,
      amount: input.amount,
      currency: input.currency,
      status: "PENDING",
      paymentId,
      nextStepAt: disbursementNextStepAt("PENDING", at, deps.config.railDelays),
      createdAt: at,
      updatedAt: at,
    });
    const payment = await insertPayment(
      tx,
      newDisbursementPayment({
        id,
        paymentId,
        accountId: caller.accountId,
        environment: caller.environment,
        amount: input.amount,
        currency: input.currency,
        chain: input.chain,
        walletAddress: input.wallet_address,
        at,
      }),
    );
    await emitEvent(tx, paymentEvent("payment.created", payment, at));
    await noteBalanceChange(tx, key, change, deps.config.lowBalanceThreshold, at);
    return created;
  });
  return disbursementToWire(row);
}
