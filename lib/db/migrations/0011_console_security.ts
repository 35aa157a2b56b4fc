/**
 * The console's security and several instances (docs/decisions/ D13, D14): the sign-in
 * throttle shared by every instance, passwords that must change at first sign-in, the
 * fingerprints of the secrets every instance must share, and the inbox's caps.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_sign_in_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL
);

ALTER TABLE console_users ADD COLUMN IF NOT EXISTS must_change_password boolean NOT NULL DEFAULT false;

CREATE TABLE IF NOT EXISTS console_secret_fingerprints (
  name text PRIMARY KEY,
  fingerprint text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE inboxes ADD COLUMN IF NOT EXISTS rate_second timestamptz;
ALTER TABLE inboxes ADD COLUMN IF NOT EXISTS rate_count integer NOT NULL DEFAULT 0;
ALTER TABLE inboxes ADD COLUMN IF NOT EXISTS refused_count integer NOT NULL DEFAULT 0;
ALTER TABLE inboxes ADD COLUMN IF NOT EXISTS last_refused_at timestamptz;
ALTER TABLE inboxes ADD COLUMN IF NOT EXISTS last_refused_reason text;
CREATE INDEX IF NOT EXISTS inbox_messages_received_idx ON inbox_messages USING brin (received_at);
`;
