import { paymentFilters } from "@/components/payments/list-filters";
import { PAYMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { listExport } from "@/lib/page-data/list-export";
import { listPayments } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

/** GET /payments/export?…: the payments with the same filters as on screen, as CSV, every page. */
export const GET = listExport({
  name: "payments",
  action: "listPayments",
  codec: paymentFilters,
  columns: PAYMENT_CSV_COLUMNS,
  read: listPayments,
});
