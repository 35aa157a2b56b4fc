/**
 * The security review (docs/decisions/ D13): the sign-in throttle counts each password check
 * before it is made, with each row's own window and, for an email, the time its slow-down ends;
 * sign-in failures for unknown emails are rolled up per address and hour (`repeats`); payer
 * links can be revoked before they expire, and their page is served from a snapshot the console
 * already read, behind its own per-link and per-address limits (console_rate_windows).
 */
export const sql = /* sql */ `
ALTER TABLE console_sign_in_throttle ADD COLUMN IF NOT EXISTS window_seconds integer NOT NULL DEFAULT 900;
ALTER TABLE console_sign_in_throttle ADD COLUMN IF NOT EXISTS next_allowed_at timestamptz;
ALTER TABLE console_sign_in_throttle ADD COLUMN IF NOT EXISTS counted_at timestamptz;
UPDATE console_sign_in_throttle SET window_seconds = 3600 WHERE key LIKE 'email:%';
ALTER TABLE console_audit ADD COLUMN IF NOT EXISTS repeats integer NOT NULL DEFAULT 1;
CREATE TABLE IF NOT EXISTS console_pay_link_revocations (
  environment text NOT NULL,
  request_id text NOT NULL,
  revoked_before timestamptz NOT NULL,
  revoked_by text,
  PRIMARY KEY (environment, request_id)
);
CREATE TABLE IF NOT EXISTS console_pay_link_snapshots (
  environment text NOT NULL,
  request_id text NOT NULL,
  status text NOT NULL,
  body jsonb NOT NULL,
  fetched_at timestamptz NOT NULL,
  PRIMARY KEY (environment, request_id)
);
CREATE INDEX IF NOT EXISTS console_pay_link_snapshots_fetched_idx ON console_pay_link_snapshots (fetched_at);
CREATE TABLE IF NOT EXISTS console_live_streams (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  seen_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS console_live_streams_user_idx ON console_live_streams (user_id, seen_at);
CREATE TABLE IF NOT EXISTS console_rate_windows (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  count integer NOT NULL
);
`;
