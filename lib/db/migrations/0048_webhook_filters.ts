/**
 * An endpoint's payload condition (issue 63, decisions D9.16): as written (`filter_text`) and as
 * the fan-out reads it (`filter`: {"all": [{"path": [...], "op": "eq"|"ne", "value": ...}]}).
 */
export const sql = /* sql */ `
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS filter jsonb;
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS filter_text text;
`;
