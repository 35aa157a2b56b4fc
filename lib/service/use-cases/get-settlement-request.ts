import "server-only";
import type { Caller, ServiceDeps } from "../context";
import { loadSettlementRequest } from "./load-settlement-request";
import { toSettlementRequest, type SettlementRequestView } from "./settlement-request-view";

/** GET /v0/settlement-requests/{id}: 404 for an id of another account or environment. */
export async function getSettlementRequest(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
): Promise<SettlementRequestView> {
  const { row, inbound, outbound } = await loadSettlementRequest(deps.db, caller, id);
  return toSettlementRequest(row, [inbound, outbound], deps.clock.now());
}
