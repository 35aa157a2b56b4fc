/** The /v1 list's filters as they sit in the URL (browser-safe). */
import { listFilters, oneOf } from "@/lib/dashboard/list-filters";
import { V1_PAYMENT_STATUSES } from "@/lib/schemas/enums";

export const v1Filters = listFilters({ status: oneOf(V1_PAYMENT_STATUSES) });

export type V1Filters = (typeof v1Filters)["empty"];
