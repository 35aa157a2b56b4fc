/** The disbursements list's filters as they sit in the URL (browser-safe). */
import { createdRange, listFilters, oneOf } from "@/lib/dashboard/list-filters";
import { STABLECOINS } from "@/lib/schemas/catalog";
import { DISBURSEMENT_STATUSES } from "@/lib/schemas/enums";

/** Status, currency and the created-at range; the filtered set's totals with every page. */
export const disbursementFilters = listFilters(
  { status: oneOf(DISBURSEMENT_STATUSES), currency: oneOf(STABLECOINS), ...createdRange },
  { totals: true },
);

export type DisbursementFilters = (typeof disbursementFilters)["empty"];
