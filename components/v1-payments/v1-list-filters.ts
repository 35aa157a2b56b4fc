/** The /v1 list: its filters as they sit in the URL, and where it reads from (browser-safe). */
import { listSource } from "@/components/list/list-source";
import { listV1Payments } from "@/lib/v1-payments/actions/list-v1-payments";
import { listFilters, oneOf } from "@/lib/dashboard/list-filters";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { V1_PAYMENT_STATUSES } from "@/lib/state-machine/v1-payments";

export const v1Filters = listFilters({ status: oneOf(V1_PAYMENT_STATUSES) });

export type V1Filters = (typeof v1Filters)["empty"];

export const v1PaymentsList = listSource({
  noun: "/v1 payments",
  path: "/v1-payments",
  codec: v1Filters,
  keys: queryKeys.v1Payments,
  load: listV1Payments,
  create: { permission: "settlement:create", label: "New /v1 payment" },
});
