/**
 * Search (docs/decisions/ D17.5): external_id ignoring case, and transaction hashes, by index.
 */
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS settlement_requests_external_ci_idx ON settlement_requests (account_id, environment, lower(external_id));
CREATE INDEX IF NOT EXISTS payments_transaction_hash_idx ON payments (transaction_hash) WHERE transaction_hash IS NOT NULL;
CREATE INDEX IF NOT EXISTS disbursements_transaction_hash_idx ON disbursements (transaction_hash) WHERE transaction_hash IS NOT NULL;
CREATE INDEX IF NOT EXISTS v1_payments_transaction_hash_idx ON v1_payments (transaction_hash) WHERE transaction_hash IS NOT NULL;
`;
