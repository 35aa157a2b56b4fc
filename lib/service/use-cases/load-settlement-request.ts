import "server-only";
import { notFound } from "../errors";
import type { Executor } from "@/lib/db/database";
import { paymentsOfRequests, type PaymentRow } from "../store/payments";
import {
  findSettlementRequest,
  findSettlementRequestWithPayments,
  lockSettlementRequestById,
  type SettlementRequestRow,
} from "../store/settlement-requests";
import type { Scope } from "../store/scope";

/** A request with its two payments, as the use cases that change it need them. */
export interface LoadedRequest {
  row: SettlementRequestRow;
  inbound: PaymentRow;
  outbound: PaymentRow;
}

async function withPayments(db: Executor, row: SettlementRequestRow): Promise<LoadedRequest> {
  return paired(row, await paymentsOfRequests(db, [row.id]));
}

function paired(row: SettlementRequestRow, payments: PaymentRow[]): LoadedRequest {
  const inbound = payments.find((p) => p.type === "PAYIN");
  const outbound = payments.find((p) => p.type === "PAYOUT");
  if (!inbound || !outbound) throw new Error(`settlement request ${row.id} is missing a payment`);
  return { row, inbound, outbound };
}

/** Loads (and with `lock`, row-locks) a request of the caller; 404 when it is not theirs. */
export async function loadSettlementRequest(
  db: Executor,
  scope: Scope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LoadedRequest> {
  if (!options.lock) {
    const found = await findSettlementRequestWithPayments(db, scope, id);
    if (!found) throw notFound("Settlement request");
    return paired(found.row, found.payments);
  }
  const row = await findSettlementRequest(db, scope, id, options);
  if (!row) throw notFound("Settlement request");
  return withPayments(db, row);
}

/** For the scheduler: by id across accounts, locked; null when gone. */
export async function lockSettlementRequestForScheduler(db: Executor, id: string): Promise<LoadedRequest | null> {
  const row = await lockSettlementRequestById(db, id);
  return row ? withPayments(db, row) : null;
}
