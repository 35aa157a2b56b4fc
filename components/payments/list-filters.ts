/** The payments list: its filters as they sit in the URL, and where it reads from (browser-safe). */
import { listSource } from "@/components/list/list-source";
import { listPayments } from "@/lib/payments/actions/list-payments";
import { createdRange, listFilters, oneOf, text } from "@/lib/dashboard/list-filters";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { PAYMENT_STATUSES, PAYMENT_TYPES, type PaymentStatus } from "@/lib/state-machine/statuses";

/** Status, type, the settlement request and the created-at range; the filtered set's totals with every page. */
export const paymentFilters = listFilters(
  {
    status: oneOf(PAYMENT_STATUSES),
    type: oneOf(PAYMENT_TYPES),
    settlement_request_id: text(64, { trim: true }),
    ...createdRange,
  },
  { totals: true },
);

export type PaymentFilters = (typeof paymentFilters)["empty"];

export const paymentsList = listSource({
  noun: "payments",
  path: "/payments",
  codec: paymentFilters,
  keys: queryKeys.payments,
  load: listPayments,
});

export const isPaymentStatus = (v: string): v is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(v);
