/** The payments list's filters as they sit in the URL (browser-safe). */
import { createdRange, listFilters, oneOf, text } from "@/lib/dashboard/list-filters";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/schemas/catalog";
import { PAYMENT_TYPES } from "@/lib/schemas/enums";

/** Status, type, the settlement request and the created-at range; the filtered set's totals with every page. */
export const paymentFilters = listFilters(
  { status: oneOf(PAYMENT_STATUSES), type: oneOf(PAYMENT_TYPES), settlement_request_id: text(64, { trim: true }), ...createdRange },
  { totals: true },
);

export type PaymentFilters = (typeof paymentFilters)["empty"];

export const isPaymentStatus = (v: string): v is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(v);
