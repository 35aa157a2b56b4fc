/** The settlement-requests list: its filters as they sit in the URL, and where it reads from (browser-safe). */
import { listSource } from "@/components/list/list-source";
import { listSettlementRequests } from "@/lib/settlement-requests/actions/list-settlement-requests";
import { createdRange, listFilters, oneOf, text } from "@/lib/dashboard/list-filters";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { SANDBOX_SETTLEMENT_STATUSES } from "@/lib/state-machine/statuses";

/** Status, external_id (exact; every match) and the created-at range; the filtered set's totals with every page. */
export const requestFilters = listFilters(
  { status: oneOf(SANDBOX_SETTLEMENT_STATUSES), external_id: text(255), ...createdRange },
  { totals: true },
);

export type ListFilters = (typeof requestFilters)["empty"];

export const requestsList = listSource({
  noun: "requests",
  path: "/settlement-requests",
  codec: requestFilters,
  keys: queryKeys.settlementRequests,
  load: listSettlementRequests,
  create: { permission: "settlement:create", label: "New settlement request" },
});
