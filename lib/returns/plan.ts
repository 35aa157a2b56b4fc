import "server-only";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import { disbursementCreateSchema, type DisbursementCreateInput } from "@/lib/schemas/disbursement";
import { getPayment, getSettlementRequest } from "@/lib/settlement-api";
import { caseOf, type PayinCase, type ReturnMode } from "./cases";
import { isOpenDuplicate } from "./duplicates";
import { progressReturns, type DecidedCase } from "./read";
import { isReplaceable } from "./stage";
import { decisionsFor } from "./store";

export type PlanRefusal = { ok: false; code: string; message: string; field?: string };

/** A payin's case as the service tells it now, with the decision it already has. */
export async function currentCase(
  db: Executor,
  environment: Environment,
  requestId: string,
): Promise<{ ok: true; found: PayinCase; previous: DecidedCase | null } | PlanRefusal> {
  const request = await getSettlementRequest(environment, requestId);
  if (!request.ok) return { ok: false, code: "not_found", message: "No such settlement request." };
  const payin = await getPayment(environment, request.data.inbound_payment.id);
  const found =
    caseOf(request.data, payin.ok ? payin.data : null) ??
    (payin.ok && (await isOpenDuplicate(db, environment, payin.data.id))
      ? caseOf(request.data, payin.data, true)
      : null);
  if (!found)
    return { ok: false, code: "nothing_to_decide", message: `Its payin needs no decision (${request.data.status}).` };
  const stored = (await decisionsFor(db, environment, [requestId])).get(requestId);
  const [previous] = stored ? await progressReturns(db, environment, [stored]) : [null];
  return { ok: true, found, previous: previous ?? null };
}

/** The attempt a new decision is: the first, the next after one that is over, or the same one again. */
export const attemptAfter = (previous: DecidedCase | null): number =>
  !previous ? 1 : isReplaceable(previous.stage) ? previous.attempt + 1 : previous.attempt;

export type ReturnPlan = {
  ok: true;
  found: PayinCase;
  attempt: number;
  idempotencyKey: string;
  body: DisbursementCreateInput;
};

/**
 * The disbursement a return makes (decisions D25.9), worked out on the server from the service's
 * own figures, never from the browser: the excess or all that arrived, in the payin's currency,
 * to the address it came from (or, when the service does not know it, the one entered, checked as
 * any payout's). One Idempotency-Key per attempt (`return-<request>-<n>`), so two people returning
 * the same payin at once make one disbursement at the service.
 */
export async function planReturn(
  db: Executor,
  environment: Environment,
  input: { settlementRequestId: string; mode: ReturnMode; walletAddress?: string },
): Promise<ReturnPlan | PlanRefusal> {
  const current = await currentCase(db, environment, input.settlementRequestId);
  if (!current.ok) return current;
  const { found, previous } = current;
  const amount = found.returnable[input.mode];
  if (!amount)
    return {
      ok: false,
      code: "not_returnable",
      field: "mode",
      message:
        found.received === null
          ? "Nothing has arrived yet, so there is nothing to return."
          : Object.keys(found.returnable).length === 0
            ? `A ${found.currency} payin is returned to the payer outside the console (the API pays back stablecoins only).`
            : "Only an overpayment has an excess to return.",
    };
  const wallet = found.payerWallet ?? input.walletAddress?.trim();
  if (!wallet)
    return {
      ok: false,
      code: "invalid_input",
      field: "walletAddress",
      message: "Wallet address: the payer's address is needed.",
    };
  const attempt = attemptAfter(previous);
  if (previous && !isReplaceable(previous.stage) && previous.decision !== "return")
    return { ok: false, code: "already_decided", message: "This payin has been decided already." };
  const body: DisbursementCreateInput = {
    wallet_address: wallet,
    amount,
    currency: found.currency as DisbursementCreateInput["currency"],
    ...(found.payerChain ? { chain: found.payerChain } : {}),
  };
  const checked = disbursementCreateSchema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      ok: false,
      code: "invalid_input",
      field: issue?.path[0] === "wallet_address" ? "walletAddress" : undefined,
      message: issue?.message ?? "The return cannot be paid.",
    };
  }
  return {
    ok: true,
    found,
    attempt,
    idempotencyKey: `return-${found.requestId}-${attempt}`,
    body,
  };
}
