/**
 * Scheduled reports (issue 46, decisions D24.11). `console_report_schedules`: a report run on a
 * cadence (daily, weekly, monthly, due at midnight in the merchant's time zone), claimed by one
 * instance when due (FOR UPDATE SKIP LOCKED) and moved to its next time in the same statement's
 * transaction, optionally delivered as a signed `report_run.succeeded` webhook (its secret
 * sealed). A run remembers its schedule and how its delivery went.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_report_schedules (
  id text PRIMARY KEY,
  environment text NOT NULL,
  definition text NOT NULL,
  format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
  cadence text NOT NULL CHECK (cadence IN ('daily', 'weekly', 'monthly')),
  next_run_at timestamptz NOT NULL,
  webhook_url text,
  webhook_secret text,
  enabled boolean NOT NULL DEFAULT true,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS console_report_schedules_due_idx ON console_report_schedules (next_run_at) WHERE enabled;
ALTER TABLE console_report_runs ADD COLUMN IF NOT EXISTS schedule_id text;
ALTER TABLE console_report_runs ADD COLUMN IF NOT EXISTS delivery jsonb;
`;
