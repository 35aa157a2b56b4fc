import "server-only";
import { randomBytes } from "node:crypto";
import type { V1Payment, V1PaymentCreate } from "@/lib/schemas/v1-payment";
import type { Caller, ServiceDeps } from "../context";
import { newId } from "../ids";
import { emitEvent } from "../outbox/emit";
import { networkFee } from "../quotes/network-fees";
import type { BalanceKey } from "../store/ledger";
import { v1PaymentExpiresAt } from "@/lib/state-machine";
import { insertV1Payment } from "../store/v1-payments";
import { noteBalanceChange, reserveOrRefuse } from "./balances";
import { v1PaymentToWire } from "./v1-payment-view";

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** The reference the payer quotes in the notification: "REF-" + 12 unambiguous characters. */
function newReferenceId(): string {
  return `REF-${Array.from(randomBytes(12), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("")}`;
}

/**
 * POST /v1/payments (type LIQUIDITY): CREATED with `amount` reserved from the pre-funded
 * balance, 422 insufficient_funds when available < amount + the chain's network fee; expires
 * 5 minutes after creation unless notified. `payment.created` in the same transaction.
 */
export async function createV1Payment(deps: ServiceDeps, caller: Caller, input: V1PaymentCreate): Promise<V1Payment> {
  const at = deps.clock.now();
  const fee = networkFee(input.chain);
  const key: BalanceKey = {
    accountId: caller.accountId,
    environment: caller.environment,
    currency: input.currency_code,
  };
  return deps.db.transaction(async (tx) => {
    const id = newId();
    const required = fee.plus(input.amount).toFixed();
    const change = await reserveOrRefuse(
      tx,
      key,
      input.amount,
      { refType: "v1_payment", refId: id },
      at,
      required,
      "the amount plus network fee",
    );
    const row = await insertV1Payment(tx, {
      id,
      accountId: caller.accountId,
      environment: caller.environment,
      referenceId: newReferenceId(),
      status: "CREATED",
      amount: input.amount,
      currencyCode: input.currency_code,
      chain: input.chain,
      destinationWallet: input.destination_wallet,
      networkFee: fee.toFixed(),
      accountHolder: input.account_holder ?? null,
      metadata: input.metadata ?? {},
      expiresAt: v1PaymentExpiresAt(at),
      createdAt: at,
      updatedAt: at,
    });
    await noteBalanceChange(tx, key, change, deps.config.lowBalanceThreshold, at);
    const wire = v1PaymentToWire(row);
    await emitEvent(tx, {
      accountId: caller.accountId,
      environment: caller.environment,
      type: "payment.created",
      data: wire,
      at,
    });
    return wire;
  });
}
