/**
 * A held webhook endpoint or API key, once approved and made, has a secret shown once: it is
 * kept sealed with the submission until its author reveals it (then erased). Issue 31.
 */
export const sql = /* sql */ `
ALTER TABLE console_submissions ADD COLUMN IF NOT EXISTS secret_sealed text;
ALTER TABLE console_submissions ADD COLUMN IF NOT EXISTS secret_revealed_at timestamptz;
`;
