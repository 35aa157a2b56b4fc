/**
 * "New batch from failed rows" (issue 44): `followed_by` names the batch made from a finished
 * batch's failed rows, and `follows` the batch it came from. Once followed, the old batch's
 * failed rows are never retried there too (one of the two ways, never both). The index on a row's
 * result id lets a disbursement's page find the batch row (and its reference) that created it.
 * Drizzle: lib/batches/schema.ts.
 */
export const sql = /* sql */ `
ALTER TABLE console_batches ADD COLUMN IF NOT EXISTS followed_by text;
ALTER TABLE console_batches ADD COLUMN IF NOT EXISTS follows text;
CREATE INDEX IF NOT EXISTS console_batch_rows_result_idx ON console_batch_rows (result_id) WHERE result_id IS NOT NULL;
`;
