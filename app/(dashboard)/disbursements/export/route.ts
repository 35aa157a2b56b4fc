import { disbursementFilters } from "@/components/disbursements/list-filters";
import { batchReferencesOf, type BatchReference } from "@/lib/batches/references";
import { type CsvColumn, DISBURSEMENT_CSV_COLUMNS } from "@/lib/dashboard/csv";
import { getDatabase } from "@/lib/db/connection";
import { listExport } from "@/lib/page-data/list-export";
import type { Disbursement } from "@/lib/schemas/disbursement";
import { listDisbursements } from "@/lib/settlement-api";

export const dynamic = "force-dynamic";

type Row = Disbursement & { batch: BatchReference | null };

const COLUMNS: CsvColumn<Row>[] = [
  ...DISBURSEMENT_CSV_COLUMNS,
  // A batch's row: its file's reference, which the API keeps nowhere (issue 44).
  { header: "reference", value: (d) => d.batch?.reference },
  { header: "batch_id", value: (d) => d.batch?.batchId },
  { header: "batch_row", value: (d) => (d.batch ? String(d.batch.rowNo) : null) },
];

/** GET /disbursements/export?…: the disbursements with the same filters as on screen, as CSV, every page. */
export const GET = listExport({
  name: "disbursements",
  action: "listDisbursements",
  codec: disbursementFilters,
  columns: COLUMNS,
  read: listDisbursements,
  decorate: async (environment, rows): Promise<Row[]> => {
    const { db } = await getDatabase();
    const found = await batchReferencesOf(
      db,
      environment,
      rows.map((d) => d.id),
    );
    return rows.map((d) => ({ ...d, batch: found.get(d.id) ?? null }));
  },
});
