/**
 * Notices that reach people (issue 64): one row a person and notice, sent by email through the
 * console's SMTP server from this outbox (claimed with SKIP LOCKED, leased, retried), at most once
 * per `dedupe_key`; and each person's choice of which notices reach them.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_notices (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  email text NOT NULL,
  kind text NOT NULL,
  dedupe_key text NOT NULL UNIQUE,
  subject text NOT NULL,
  body text NOT NULL,
  link text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS console_notices_due_idx ON console_notices (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX IF NOT EXISTS console_notices_created_idx ON console_notices (created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS console_notices_user_idx ON console_notices (user_id, created_at DESC);
CREATE TABLE IF NOT EXISTS console_notice_choices (
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);
`;
