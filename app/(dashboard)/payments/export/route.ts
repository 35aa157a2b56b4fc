import { paymentFilters } from "@/components/payments/list-filters";
import type { CsvColumn } from "@/lib/dashboard/csv";
import { listExport } from "@/lib/page-data/list-export";
import type { Payment } from "@/lib/schemas/payment";
import { listPayments } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

const COLUMNS: CsvColumn<Payment>[] = [
  { header: "id", value: (p) => p.id },
  { header: "type", value: (p) => p.type },
  { header: "status", value: (p) => p.status },
  { header: "amount", value: (p) => (p.type === "PAYIN" ? p.source.amount : p.destination.amount) },
  { header: "currency", value: (p) => (p.type === "PAYIN" ? p.source.currency : p.destination.currency) },
  { header: "from", value: (p) => `${p.source.currency} ${p.source.rail}` },
  { header: "to", value: (p) => `${p.destination.currency} ${p.destination.rail}` },
  { header: "transaction_hash", value: (p) => p.destination.transaction_hash ?? p.source.transaction_hash },
  { header: "settlement_request_id", value: (p) => p.settlement_request_id },
  { header: "disbursement_id", value: (p) => p.disbursement_id },
  { header: "created_at", value: (p) => p.created_at },
  { header: "completed_at", value: (p) => p.completed_at },
];

/** GET /payments/export?…: the payments with the same filters as on screen, as CSV, every page. */
export const GET = listExport({
  name: "payments",
  action: "listPayments",
  codec: paymentFilters,
  columns: COLUMNS,
  read: listPayments,
});
