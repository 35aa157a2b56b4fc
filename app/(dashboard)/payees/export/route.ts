import { PAYEE_EXPORT_COLUMNS, payeeCsvRow } from "@/lib/approvals/payee-csv";
import { listPayees } from "@/lib/approvals/payees";
import { recordAudit } from "@/lib/auth/audit";
import { authorize } from "@/lib/auth/authorize";
import { getDatabase } from "@/lib/db/connection";
import { csvCell, csvResponse, refused } from "@/lib/dashboard/csv";

export const dynamic = "force-dynamic";

/**
 * GET /payees/export: the environment's payee book as the CSV the import reads, account numbers
 * whole. For those who may reveal a bank account (they decide approvals); every export is audited.
 */
export async function GET(): Promise<Response> {
  const auth = await authorize({ name: "exportPayees", permission: "approvals:decide", kind: "read" });
  if (!auth.ok) return refused(auth.error);
  const { environment, actor } = auth.ctx;
  const { db } = await getDatabase();
  const payees = await listPayees(db, environment);
  await recordAudit({ actor, action: "exportPayees", environment, result: "ok", detail: `${payees.length} payees` });
  const lines = [PAYEE_EXPORT_COLUMNS, ...payees.map(payeeCsvRow)].map((cells) =>
    cells.map((c) => csvCell(c)).join(","),
  );
  return csvResponse("payees", environment, `${lines.join("\r\n")}\r\n`);
}
