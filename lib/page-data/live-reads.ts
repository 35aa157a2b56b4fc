import "server-only";
import { getDisbursement } from "@/lib/disbursements/actions/get-disbursement";
import { getPayment } from "@/lib/payments/actions/get-payment";
import { getSettlementRequest } from "@/lib/settlement-requests/actions/get-settlement-request";
import { getSettlementRequestHistory } from "@/lib/settlement-requests/actions/get-settlement-request-history";
import { getV1Payment } from "@/lib/v1-payments/actions/get-v1-payment";
import { getEvent } from "@/lib/webhook-endpoints/actions/get-event";
import { getRequestLog } from "@/lib/request-log/actions/get-request-log";
import { listEvents } from "@/lib/webhook-endpoints/actions/list-events";
import type { ActionResult } from "@/lib/dashboard/action-result";

/**
 * What each /live/… path reads: the read action a page would call, so the session, the role and
 * the environment are checked exactly as for the action. Unknown paths are "not_found".
 */
export function liveRead(path: string[]): Promise<ActionResult<unknown>> {
  const [resource, id, part] = path;
  if (id && path.length <= 3) {
    if (resource === "settlement-requests" && !part) return getSettlementRequest({ id });
    if (resource === "settlement-requests" && part === "history") return getSettlementRequestHistory({ id });
    if (resource === "settlement-requests" && part === "events") return listEvents({ resource_id: id, page_size: 100 });
    if (resource === "payments" && !part) return getPayment({ id });
    if (resource === "disbursements" && !part) return getDisbursement({ id });
    if (resource === "v1-payments" && !part) return getV1Payment({ id });
    if (resource === "request-logs" && !part) return getRequestLog({ id });
    if (resource === "events" && !part) return getEvent({ id });
  }
  return Promise.resolve({
    ok: false,
    error: { code: "not_found", message: "No such live read.", status: 404, details: [] },
  });
}
