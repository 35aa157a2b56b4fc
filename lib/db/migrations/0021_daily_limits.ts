/**
 * Daily limits (issue 31): per person or per role, per currency, in production; what each
 * person submitted each day, reserved atomically before a call is sent; and held submissions
 * offered for approval when a limit was reached. Drizzle definitions: lib/approvals/schema.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_daily_limits (
  id text PRIMARY KEY,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  role text,
  user_id text,
  user_email text,
  currency text NOT NULL,
  amount numeric NOT NULL CHECK (amount >= 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  removed_at timestamptz,
  CHECK ((role IS NULL) <> (user_id IS NULL))
);
CREATE UNIQUE INDEX IF NOT EXISTS console_daily_limits_active_idx
  ON console_daily_limits (environment, coalesce(user_id, ''), coalesce(role, ''), currency) WHERE removed_at IS NULL;
CREATE TABLE IF NOT EXISTS console_daily_usage (
  user_id text NOT NULL,
  environment text NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  amount numeric NOT NULL,
  PRIMARY KEY (user_id, environment, day, currency)
);
ALTER TABLE console_submissions DROP CONSTRAINT IF EXISTS console_submissions_status_check;
ALTER TABLE console_submissions ADD CONSTRAINT console_submissions_status_check
  CHECK (status IN ('offered', 'pending', 'denied', 'expired', 'sending', 'sent', 'failed'));
ALTER TABLE console_submissions ADD COLUMN IF NOT EXISTS held_because text NOT NULL DEFAULT 'rule';
`;
