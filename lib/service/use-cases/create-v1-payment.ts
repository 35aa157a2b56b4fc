import "server-only";
import type { V1Payment, V1PaymentCreate } from "@/lib/schemas/v1-payment";
import type { Caller, ServiceDeps } from "../context";
import { newId } from "../ids";
import { emitEvent } from "../outbox/emit";
import { networkFee } from "../quotes/network-fees";
import type { BalanceKey } from "../store/ledger";
import { v1Payments } from "../store/schema";
import { v1PaymentExpiresAt } from "@/lib/state-machine";
import { noteBalanceChange, reserveOrRefuse } from "./balances";
import { newReferenceId, v1PaymentToWire } from "./v1-payment-records";

/**
 * POST /v1/payments (type LIQUIDITY): CREATED with `amount` reserved from the pre-funded
 * balance, 422 insufficient_funds when available < amount + the chain's network fee; expires
 * 5 minutes after creation unless notified. `payment.created` in the same transaction.
 */
export async function createV1Payment(deps: ServiceDeps, caller: Caller, input: V1PaymentCreate): Promise<V1Payment> {
  const at = deps.clock.now();
  const fee = networkFee(input.chain);
  const key: BalanceKey = { accountId: caller.accountId, environment: caller.environment, currency: input.currency_code };
  return deps.db.transaction(async (tx) => {
    const id = newId();
    const required = fee.plus(input.amount).toFixed();
    const change = await reserveOrRefuse(tx, key, input.amount, { refType: "v1_payment", refId: id }, at, required, "the amount plus network fee");
    const [row] = await tx
      .insert(v1Payments)
      .values({
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
      })
      .returning();
    await noteBalanceChange(tx, key, change, deps.config.lowBalanceThreshold, at);
    const wire = v1PaymentToWire(row);
    await emitEvent(tx, { accountId: caller.accountId, environment: caller.environment, type: "payment.created", data: wire, at });
    return wire;
  });
}
