/** Balances, their ledger, disbursements and /v1 payments (issue 5; decisions D10). */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS balances (
  account_id text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  currency text NOT NULL,
  total numeric(38, 8) NOT NULL,
  available numeric(38, 8) NOT NULL CHECK (available >= 0),
  reserved numeric(38, 8) NOT NULL CHECK (reserved >= 0),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, environment, currency),
  CONSTRAINT balances_total_parts CHECK (total = available + reserved)
);
CREATE TABLE IF NOT EXISTS ledger_entries (
  seq bigserial PRIMARY KEY,
  account_id text NOT NULL,
  environment text NOT NULL,
  currency text NOT NULL,
  kind text NOT NULL,
  available_delta numeric(38, 8) NOT NULL,
  reserved_delta numeric(38, 8) NOT NULL,
  ref_type text NOT NULL,
  ref_id text,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_entries_balance_idx ON ledger_entries (account_id, environment, currency);
CREATE INDEX IF NOT EXISTS ledger_entries_ref_idx ON ledger_entries (ref_type, ref_id);
CREATE TABLE IF NOT EXISTS disbursement_destinations (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  chain text NOT NULL,
  wallet_address text NOT NULL,
  address_key text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS disbursement_destinations_key ON disbursement_destinations (account_id, chain, address_key);
CREATE TABLE IF NOT EXISTS disbursements (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  environment text NOT NULL,
  destination_id text NOT NULL REFERENCES disbursement_destinations(id),
  chain text NOT NULL,
  wallet_address text NOT NULL,
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
  payment_id text NOT NULL,
  failure_code text,
  failure_message text,
  transaction_hash text,
  next_step_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX IF NOT EXISTS disbursements_account_idx ON disbursements (account_id, environment, created_at);
CREATE INDEX IF NOT EXISTS disbursements_due_idx ON disbursements (next_step_at);
CREATE TABLE IF NOT EXISTS v1_payments (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  environment text NOT NULL,
  reference_id text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('CREATED', 'PROCESSING', 'COMPLETED', 'FAILED', 'EXPIRED')),
  amount numeric(38, 8) NOT NULL CHECK (amount > 0),
  currency_code text NOT NULL,
  chain text NOT NULL,
  destination_wallet text NOT NULL,
  network_fee numeric(38, 8) NOT NULL CHECK (network_fee >= 0),
  account_holder jsonb,
  metadata jsonb NOT NULL,
  transaction_hash text,
  failure_reason text,
  expires_at timestamptz NOT NULL,
  confirm_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX IF NOT EXISTS v1_payments_account_idx ON v1_payments (account_id, environment, created_at);
CREATE INDEX IF NOT EXISTS v1_payments_expiry_idx ON v1_payments (status, expires_at);
CREATE INDEX IF NOT EXISTS v1_payments_confirm_idx ON v1_payments (status, confirm_at);
`;
