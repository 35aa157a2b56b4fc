/** The disbursements list: its filters as they sit in the URL, and where it reads from (browser-safe). */
import { listSource } from "@/components/list/list-source";
import { listDisbursements } from "@/lib/disbursements/actions/list-disbursements";
import { createdRange, listFilters, oneOf } from "@/lib/dashboard/list-filters";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { STABLECOINS } from "@/lib/schemas/catalog";
import { DISBURSEMENT_STATUSES } from "@/lib/state-machine/disbursements";

/** Status, currency and the created-at range; the filtered set's totals with every page. */
export const disbursementFilters = listFilters(
  { status: oneOf(DISBURSEMENT_STATUSES), currency: oneOf(STABLECOINS), ...createdRange },
  { totals: true },
);

export type DisbursementFilters = (typeof disbursementFilters)["empty"];

export const disbursementsList = listSource({
  noun: "disbursements",
  path: "/disbursements",
  codec: disbursementFilters,
  keys: queryKeys.disbursements,
  load: listDisbursements,
  create: { permission: "disbursement:create", label: "New disbursement" },
});
