/**
 * A batch row flagged as a repeat or as far above the file's usual amount must be decided before
 * the file can be submitted (issue 44): `kept` records that someone looked and kept it. Editing
 * the row clears it. `send_attempt` counts "Retry failed rows": each retry sends the row with a
 * new Idempotency-Key. Drizzle: lib/batches/schema.ts.
 */
export const sql = /* sql */ `
ALTER TABLE console_batch_rows ADD COLUMN IF NOT EXISTS kept boolean NOT NULL DEFAULT false;
ALTER TABLE console_batch_rows ADD COLUMN IF NOT EXISTS send_attempt integer NOT NULL DEFAULT 0;
`;
