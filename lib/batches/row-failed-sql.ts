import "server-only";
import { sql } from "drizzle-orm";
import { FAILED_RESULT_STATUSES } from "./outcome";

/**
 * A row failed, in SQL (`rowFailed` of lib/batches/outcome.ts): refused, or what it created failed
 * afterwards. One definition for every statement that counts or picks failed rows (decisions D20.9).
 */
export const ROW_FAILED = sql.raw(
  `(send_state = 'failed' or (send_state = 'sent' and result_final and result_status in (${[...FAILED_RESULT_STATUSES]
    .map((status) => `'${status}'`)
    .join(", ")})))`,
);
