/**
 * Batch payouts from a CSV file (issue 32, decisions D20): the uploaded file kept unchanged as
 * the receipt, one row per line with its body, problems, dry-run report and send state. The work
 * (a dry run, the sends) is leased, so any instance carries on after a crash. Drizzle
 * definitions: lib/batches/schema.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_batches (
  id text PRIMARY KEY,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  kind text NOT NULL CHECK (kind IN ('disbursement', 'settlement_request')),
  file_name text NOT NULL,
  file_bytes bytea NOT NULL,
  file_sha256 text NOT NULL,
  file_size integer NOT NULL,
  separator text NOT NULL,
  header text[] NOT NULL,
  row_count integer NOT NULL,
  status text NOT NULL DEFAULT 'review' CHECK (status IN ('review', 'held', 'sending', 'done', 'denied', 'cancelled')),
  dry_run_state text CHECK (dry_run_state IN ('queued', 'running', 'done', 'failed')),
  quote_state text CHECK (quote_state IN ('queued', 'running', 'done')),
  dry_run_attempt integer NOT NULL DEFAULT 0,
  dry_run_started_at timestamptz,
  dry_run_finished_at timestamptz,
  dry_run_error text,
  submission_id text,
  totals jsonb,
  created_by text NOT NULL,
  created_by_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  submitted_by_email text,
  submitted_at timestamptz,
  sending_at timestamptz,
  finished_at timestamptz,
  lease_owner text,
  lease_until timestamptz
);
CREATE INDEX IF NOT EXISTS console_batches_list_idx ON console_batches (environment, created_at DESC);
CREATE INDEX IF NOT EXISTS console_batches_file_idx ON console_batches (environment, file_sha256);
CREATE INDEX IF NOT EXISTS console_batches_work_idx ON console_batches (created_at)
  WHERE status = 'sending' OR dry_run_state IN ('queued', 'running') OR quote_state IN ('queued', 'running');
CREATE INDEX IF NOT EXISTS console_batches_follow_idx ON console_batches (sending_at) WHERE status IN ('sending', 'done');
CREATE INDEX IF NOT EXISTS console_batches_submission_idx ON console_batches (submission_id) WHERE submission_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS console_batch_rows (
  batch_id text NOT NULL REFERENCES console_batches (id) ON DELETE CASCADE,
  row_no integer NOT NULL,
  line integer NOT NULL,
  cells text[] NOT NULL,
  edited boolean NOT NULL DEFAULT false,
  body jsonb NOT NULL,
  problems jsonb NOT NULL DEFAULT '[]',
  currency text,
  amount numeric,
  payee text,
  included boolean NOT NULL DEFAULT true,
  dry_run jsonb,
  quote jsonb,
  send_state text NOT NULL DEFAULT 'waiting' CHECK (send_state IN ('waiting', 'sending', 'sent', 'failed')),
  result_id text,
  result_status text,
  http_status integer,
  failure text,
  sent_at timestamptz,
  checked_at timestamptz,
  result_final boolean,
  PRIMARY KEY (batch_id, row_no)
);
CREATE INDEX IF NOT EXISTS console_batch_rows_send_idx ON console_batch_rows (batch_id, row_no)
  WHERE included AND send_state IN ('waiting', 'sending');
CREATE INDEX IF NOT EXISTS console_batch_rows_follow_idx ON console_batch_rows (batch_id, checked_at NULLS FIRST)
  WHERE send_state = 'sent' AND NOT coalesce(result_final, false);
`;
