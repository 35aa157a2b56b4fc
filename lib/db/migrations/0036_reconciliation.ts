/**
 * Month-end reconciliation (issue 46, decisions D24). `console_recon_expected`: what finance
 * expects (an invoice to be paid in, a bill to pay out), with its tolerance and date window;
 * `period` is the month its window ends in. `console_recon_movements`: what the service did, one
 * settled payment each, copied from the API by the matching run (so matching reads one table,
 * and the closed month keeps what it was closed on). `console_recon_matches` and
 * `console_recon_exceptions` hold the matcher's answers and people's, with the ids they tie
 * together; an undone match keeps its row (`undone_at`). `console_recon_rules`: the matching
 * rules in the admin's order. `console_recon_periods`: a locked month per currency, with the
 * proof it was locked on. `console_recon_adjustments`: a change made after a lock, recorded in
 * the open month. Raw SQL in lib/reconciliation/*-store.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_recon_expected (
  id text PRIMARY KEY,
  environment text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  amount numeric NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  tolerance_abs numeric NOT NULL DEFAULT 0 CHECK (tolerance_abs >= 0),
  tolerance_pct numeric NOT NULL DEFAULT 0 CHECK (tolerance_pct >= 0),
  window_start date NOT NULL,
  window_end date NOT NULL,
  counterparty text,
  reference text,
  source text NOT NULL,
  source_id text,
  period text NOT NULL,
  state text NOT NULL DEFAULT 'open',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (window_end >= window_start)
);
CREATE INDEX IF NOT EXISTS console_recon_expected_period_idx ON console_recon_expected (environment, period, state, id);
CREATE UNIQUE INDEX IF NOT EXISTS console_recon_expected_source_idx ON console_recon_expected (environment, source_id) WHERE source_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS console_recon_movements (
  environment text NOT NULL,
  id text NOT NULL,
  kind text NOT NULL,
  direction text NOT NULL,
  amount numeric NOT NULL,
  currency text NOT NULL,
  day date NOT NULL,
  counterparty text,
  reference text,
  rail text,
  fee numeric NOT NULL DEFAULT 0,
  returned boolean NOT NULL DEFAULT false,
  parent_id text,
  state text NOT NULL DEFAULT 'open',
  synced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, id)
);
CREATE INDEX IF NOT EXISTS console_recon_movements_day_idx ON console_recon_movements (environment, day, state);
CREATE TABLE IF NOT EXISTS console_recon_matches (
  id text PRIMARY KEY,
  environment text NOT NULL,
  period text NOT NULL,
  strategy text NOT NULL,
  rule text NOT NULL,
  kind text NOT NULL DEFAULT 'auto',
  reasons jsonb NOT NULL,
  difference numeric NOT NULL DEFAULT 0,
  currency text NOT NULL,
  expected_ids jsonb NOT NULL,
  actual_ids jsonb NOT NULL,
  note text,
  made_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  undone_at timestamptz,
  undone_by text
);
CREATE INDEX IF NOT EXISTS console_recon_matches_period_idx ON console_recon_matches (environment, period, created_at, id) WHERE undone_at IS NULL;
CREATE INDEX IF NOT EXISTS console_recon_matches_expected_idx ON console_recon_matches USING gin (expected_ids jsonb_path_ops) WHERE undone_at IS NULL;
CREATE INDEX IF NOT EXISTS console_recon_matches_actual_idx ON console_recon_matches USING gin (actual_ids jsonb_path_ops) WHERE undone_at IS NULL;
CREATE TABLE IF NOT EXISTS console_recon_exceptions (
  id text PRIMARY KEY,
  environment text NOT NULL,
  period text NOT NULL,
  kind text NOT NULL,
  expected_ids jsonb NOT NULL,
  actual_ids jsonb NOT NULL,
  candidates jsonb NOT NULL DEFAULT '[]',
  difference numeric,
  currency text NOT NULL,
  note text NOT NULL,
  status text NOT NULL DEFAULT 'open',
  assigned_to text,
  resolution text,
  resolved_by text,
  resolved_at timestamptz,
  submission_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS console_recon_exceptions_queue_idx ON console_recon_exceptions (environment, status, created_at, id);
CREATE INDEX IF NOT EXISTS console_recon_exceptions_period_idx ON console_recon_exceptions (environment, period, status);
CREATE INDEX IF NOT EXISTS console_recon_exceptions_expected_idx ON console_recon_exceptions USING gin (expected_ids jsonb_path_ops) WHERE status = 'open';
CREATE TABLE IF NOT EXISTS console_recon_rules (
  id text PRIMARY KEY,
  position integer NOT NULL,
  name text NOT NULL,
  strategy text NOT NULL,
  by_reference boolean NOT NULL,
  grace_days integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS console_recon_periods (
  environment text NOT NULL,
  currency text NOT NULL,
  period text NOT NULL,
  locked_at timestamptz NOT NULL DEFAULT now(),
  locked_by text NOT NULL,
  proof jsonb NOT NULL,
  PRIMARY KEY (environment, currency, period)
);
CREATE TABLE IF NOT EXISTS console_recon_adjustments (
  id text PRIMARY KEY,
  environment text NOT NULL,
  currency text NOT NULL,
  period text NOT NULL,
  for_period text NOT NULL,
  amount numeric NOT NULL,
  expected_id text,
  note text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS console_recon_adjustments_period_idx ON console_recon_adjustments (environment, currency, period);
`;
