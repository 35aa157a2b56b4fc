import "server-only";
import type { SettlementHistory } from "@/lib/schemas/settlement-request-response";
import type { Caller, ServiceDeps } from "../context";
import { notFound } from "../errors";
import { findSettlementRequest, listHistory } from "../store/settlement-requests";

/** GET /v0/settlement-requests/{id}/history (extension): every move, oldest first. */
export async function getSettlementRequestHistory(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
): Promise<SettlementHistory> {
  const row = await findSettlementRequest(deps.db, caller, id);
  if (!row) throw notFound("Settlement request");
  const rows = await listHistory(deps.db, id);
  return {
    data: rows.map((h) => ({
      at: h.at.toISOString(),
      from: h.fromStatus,
      to: h.toStatus,
      cause: h.cause,
      ...(h.paymentId ? { payment_id: h.paymentId } : {}),
      ...(h.detail ? { detail: h.detail } : {}),
    })),
  };
}
