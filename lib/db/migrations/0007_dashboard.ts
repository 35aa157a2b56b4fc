/** The dashboard's own tables (drizzle definitions: lib/disbursements/schema.ts). */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_disbursements (
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  id text NOT NULL,
  amount numeric(38, 8) NOT NULL,
  currency text NOT NULL,
  chain text,
  wallet_address text,
  status text NOT NULL,
  payment_id text,
  created_by text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, id)
);
CREATE INDEX IF NOT EXISTS console_disbursements_env_created_idx ON console_disbursements (environment, created_at);
`;
