/**
 * Reports (issue 46, decisions D24.10). `console_report_runs`: one run of a report definition
 * with its parameters and format, queued by a person, claimed by one instance's worker
 * (FOR UPDATE SKIP LOCKED), then succeeded with its row count, size, SHA-256 and manifest, or
 * failed with why. `console_report_chunks`: the file, written as it is made in pieces of at
 * most 256 KiB and read back in order, so neither writing nor downloading holds it whole, and
 * any instance can serve it.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_report_runs (
  id text PRIMARY KEY,
  environment text NOT NULL,
  definition text NOT NULL,
  params jsonb NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  status text NOT NULL DEFAULT 'queued',
  rows integer,
  bytes bigint,
  sha256 text,
  manifest jsonb,
  error text,
  requested_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS console_report_runs_queue_idx ON console_report_runs (created_at, id) WHERE status = 'queued';
CREATE INDEX IF NOT EXISTS console_report_runs_list_idx ON console_report_runs (environment, created_at DESC, id DESC);
CREATE TABLE IF NOT EXISTS console_report_chunks (
  run_id text NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (run_id, seq)
);
`;
