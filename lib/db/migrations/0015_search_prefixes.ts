/**
 * Search by the start of an external_id (issue 35, finding 8): `lower(external_id) LIKE 'abc%'`
 * can use only a text_pattern_ops index whatever the database's collation. Ids are searched by
 * their start through their primary keys (a range).
 */
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS settlement_requests_external_prefix_idx ON settlement_requests (account_id, environment, lower(external_id) text_pattern_ops);
`;
