/**
 * The payee address book (issue 31): saved wallets per environment, usable after a cooling-off
 * period, and the console's own settings (the cooling-off period is one). Drizzle definitions:
 * lib/approvals/schema.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_payees (
  id text PRIMARY KEY,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('wallet', 'bank')),
  currency text NOT NULL,
  chain text,
  address text NOT NULL,
  match_key text NOT NULL,
  added_by text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  removed_by text
);
CREATE UNIQUE INDEX IF NOT EXISTS console_payees_key_idx ON console_payees (environment, match_key) WHERE removed_at IS NULL;
CREATE INDEX IF NOT EXISTS console_payees_list_idx ON console_payees (environment, name) WHERE removed_at IS NULL;
CREATE TABLE IF NOT EXISTS console_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
