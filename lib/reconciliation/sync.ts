import "server-only";
import { dayIn } from "@/lib/approvals/limits";
import type { Executor } from "@/lib/db/database";
import { env } from "@/lib/env";
import type { Environment } from "@/lib/schemas/catalog";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { listPayments, listSettlementRequests } from "@/lib/settlement-api";
import { MAX_PAGE_SIZE } from "@/lib/schemas/list";
import { upsertMovements } from "./store";
import { addDays } from "./tolerance";
import type { ActualMovement } from "./types";

/**
 * What the service did, read through its API (issue 46, decisions D24.5): every payment that
 * settled (COMPLETED) or came back (REFUNDED) from a month before `period` to today, as one
 * movement each. An inbound payment counts what arrived (`received_amount`, else what was
 * instructed); an outbound one what the recipient got. Its reference is the request's
 * external_id (a disbursement's: its transaction hash); its counterparty the request's
 * `metadata.counterparty`, else the beneficiary's name. Its day is when it completed, in the
 * merchant's time zone (LIMITS_TIME_ZONE).
 */
export async function syncMovements(
  db: Executor,
  environment: Environment,
  period: string,
): Promise<{ ok: true; movements: number } | { ok: false; message: string }> {
  const from = addDays(`${period}-01`, -31);
  const requests = new Map<string, SettlementRequest>();
  for (let page = 1; ; page++) {
    const result = await listSettlementRequests(environment, { page, page_size: MAX_PAGE_SIZE, created_from: from });
    if (!result.ok) return { ok: false, message: `Settlement requests could not be read: ${result.error.message}` };
    for (const r of result.data.data) requests.set(r.id, r);
    if (page >= result.data.pagination.total_pages) break;
  }
  const movements: ActualMovement[] = [];
  const fees: Array<ActualMovement & { fee: string; parentId: string | null }> = [];
  for (let page = 1; ; page++) {
    const result = await listPayments(environment, { page, page_size: MAX_PAGE_SIZE, created_from: from });
    if (!result.ok) return { ok: false, message: `Payments could not be read: ${result.error.message}` };
    for (const p of result.data.data) {
      const movement = movementOf(p, p.settlement_request_id ? requests.get(p.settlement_request_id) : undefined);
      if (movement) fees.push(movement);
    }
    if (page >= result.data.pagination.total_pages) break;
  }
  movements.push(...fees);
  await upsertMovements(db, environment, fees);
  return { ok: true, movements: movements.length };
}

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
    day: dayIn(env().LIMITS_TIME_ZONE, at),
    counterparty: counterpartyOf(request),
    reference: request?.external_id ?? p.destination.transaction_hash ?? null,
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
