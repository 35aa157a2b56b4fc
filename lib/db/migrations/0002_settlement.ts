export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS settlement_requests (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  type text NOT NULL,
  payment_reason text NOT NULL,
  status text NOT NULL,
  amount numeric NOT NULL,
  destination jsonb NOT NULL,
  source jsonb NOT NULL,
  payment_instructions jsonb NOT NULL,
  external_id text,
  metadata jsonb NOT NULL,
  reconciliation_override timestamptz,
  reconciliation_expected_at timestamptz,
  valid_until timestamptz NOT NULL,
  processing_at timestamptz,
  completed_at timestamptz,
  failure_code text,
  failure_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS settlement_requests_list_idx ON settlement_requests (account_id, environment, created_at, id);
CREATE INDEX IF NOT EXISTS settlement_requests_external_idx ON settlement_requests (account_id, environment, external_id);
CREATE INDEX IF NOT EXISTS settlement_requests_status_idx ON settlement_requests (status);
CREATE TABLE IF NOT EXISTS settlement_request_history (
  seq bigserial PRIMARY KEY,
  settlement_request_id text NOT NULL,
  at timestamptz NOT NULL,
  from_status text,
  to_status text NOT NULL,
  cause text NOT NULL,
  payment_id text,
  detail text
);
CREATE INDEX IF NOT EXISTS settlement_request_history_req_idx ON settlement_request_history (settlement_request_id, seq);
CREATE TABLE IF NOT EXISTS payments (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  type text NOT NULL CHECK (type IN ('PAYIN', 'PAYOUT')),
  status text NOT NULL,
  settlement_request_id text,
  disbursement_id text,
  amount numeric NOT NULL,
  currency text NOT NULL,
  rail text NOT NULL,
  source jsonb NOT NULL,
  destination jsonb NOT NULL,
  transaction_hash text,
  received_amount numeric,
  fee numeric NOT NULL DEFAULT 0,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  failure_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  status_changed_at timestamptz NOT NULL,
  completed_at timestamptz,
  CHECK (settlement_request_id IS NULL OR disbursement_id IS NULL)
);
CREATE INDEX IF NOT EXISTS payments_list_idx ON payments (account_id, environment, created_at, id);
CREATE INDEX IF NOT EXISTS payments_request_idx ON payments (settlement_request_id);
CREATE INDEX IF NOT EXISTS payments_disbursement_idx ON payments (disbursement_id);
CREATE INDEX IF NOT EXISTS payments_status_idx ON payments (status);
`;
