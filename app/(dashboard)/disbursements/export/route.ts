import { disbursementFilters } from "@/components/disbursements/list-filters";
import type { CsvColumn } from "@/lib/dashboard/csv";
import { listExport } from "@/lib/page-data/list-export";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { listDisbursements } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

const COLUMNS: CsvColumn<Disbursement>[] = [
  { header: "id", value: (d) => d.id },
  { header: "status", value: (d) => d.status },
  { header: "amount", value: (d) => d.amount },
  { header: "currency", value: (d) => d.currency },
  { header: "chain", value: (d) => d.chain },
  { header: "wallet_address", value: (d) => d.wallet_address },
  { header: "destination_id", value: (d) => d.destination_id },
  { header: "payment_id", value: (d) => d.payment_id },
  { header: "failure_code", value: (d) => d.failure_reason?.code },
  { header: "created_at", value: (d) => d.created_at },
  { header: "completed_at", value: (d) => d.completed_at },
];

/** GET /disbursements/export?…: the disbursements with the same filters as on screen, as CSV, every page. */
export const GET = listExport({
  name: "disbursements",
  action: "listDisbursements",
  codec: disbursementFilters,
  columns: COLUMNS,
  read: listDisbursements,
});
