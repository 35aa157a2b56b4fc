/**
 * Where a search hit opens in the console, and how it is named (browser-safe).
 */
import type { SearchHit, SearchKind, SearchMatch } from "@/lib/schemas/search";

export const KIND_LABELS: Record<SearchKind, string> = {
  settlement_request: "Settlement request",
  payment: "Payment",
  disbursement: "Disbursement",
  v1_payment: "/v1 payment",
  event: "Event",
  webhook: "Webhook endpoint",
};

export const MATCH_LABELS: Record<SearchMatch, string> = {
  id: "id",
  external_id: "external_id",
  external_id_ci: "external_id, other case",
  transaction_hash: "transaction hash",
  account_last4: "account ending",
  id_prefix: "id starts so",
  external_id_prefix: "external_id starts so",
};

export function hrefForHit(hit: Pick<SearchHit, "kind" | "id" | "parent_id">): string {
  const id = encodeURIComponent(hit.id);
  switch (hit.kind) {
    case "settlement_request":
      return `/settlement-requests/${id}`;
    case "payment":
      return `/payments/${id}`;
    case "disbursement":
      return `/disbursements/${id}`;
    case "v1_payment":
      return `/v1-payments/${id}`;
    case "event":
      return hit.parent_id ? `/events?resource=${encodeURIComponent(hit.parent_id)}` : "/events";
    case "webhook":
      return `/webhooks?endpoint=${id}`;
  }
}

/** A pasted UUID (what every resource id of the service is). */
export const looksLikeId = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.trim());
