/**
 * The security review (docs/decisions.md D13): the sign-in throttle counts each password check
 * before it is made, with each row's own window and, for an email, the time its slow-down ends;
 * sign-in failures for unknown emails are rolled up per address and hour (`repeats`); payer
 * links can be revoked before they expire.
 */
export const sql = /* sql */ `
ALTER TABLE console_sign_in_throttle ADD COLUMN IF NOT EXISTS window_seconds integer NOT NULL DEFAULT 900;
ALTER TABLE console_sign_in_throttle ADD COLUMN IF NOT EXISTS next_allowed_at timestamptz;
ALTER TABLE console_sign_in_throttle ADD COLUMN IF NOT EXISTS counted_at timestamptz;
UPDATE console_sign_in_throttle SET window_seconds = 3600 WHERE key LIKE 'email:%';
ALTER TABLE console_audit ADD COLUMN IF NOT EXISTS repeats integer NOT NULL DEFAULT 1;
CREATE TABLE IF NOT EXISTS console_revoked_pay_links (
  token_hash text PRIMARY KEY,
  revoked_at timestamptz NOT NULL DEFAULT now(),
  revoked_by text,
  expires_at timestamptz NOT NULL
);
`;
