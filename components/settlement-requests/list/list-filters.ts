/** The settlement-requests list's filters as they sit in the URL (browser-safe). */
import { createdRange, listFilters, oneOf, text } from "@/lib/dashboard/list-filters";
import { SANDBOX_SETTLEMENT_STATUSES } from "@/lib/schemas/catalog";

/** Status, external_id (exact; every match) and the created-at range; the filtered set's totals with every page. */
export const requestFilters = listFilters(
  { status: oneOf(SANDBOX_SETTLEMENT_STATUSES), external_id: text(255), ...createdRange },
  { totals: true },
);

export type ListFilters = (typeof requestFilters)["empty"];
