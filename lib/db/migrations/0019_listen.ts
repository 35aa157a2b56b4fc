/**
 * `settlement-console listen` (issue 33): personal access tokens, each person's listen profile
 * (the signing secret the CLI re-signs with, the receiver the service delivers to, how far the
 * person's CLI has forwarded) and the listening sessions the Inbox page shows. Drizzle
 * definitions: lib/listen/schema.ts.
 */
export const sql = /* sql */ `
ALTER TABLE inboxes ADD COLUMN IF NOT EXISTS purpose text NOT NULL DEFAULT 'inbox';
CREATE TABLE IF NOT EXISTS console_access_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  name text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);
CREATE INDEX IF NOT EXISTS console_access_tokens_user_idx ON console_access_tokens (user_id, created_at DESC);
CREATE TABLE IF NOT EXISTS console_listen_profiles (
  user_id text PRIMARY KEY REFERENCES console_users(id) ON DELETE CASCADE,
  secret text NOT NULL,
  inbox_id text REFERENCES inboxes(id) ON DELETE SET NULL,
  forwarded_seq bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS console_listen_sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  token_id text NOT NULL,
  forward_to text NOT NULL,
  event_types text,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  ended_reason text,
  deliveries integer NOT NULL DEFAULT 0,
  last_at timestamptz,
  last_status integer,
  last_verdict text
);
CREATE INDEX IF NOT EXISTS console_listen_sessions_open_idx ON console_listen_sessions (seen_at DESC) WHERE ended_at IS NULL;
CREATE INDEX IF NOT EXISTS console_listen_sessions_user_idx ON console_listen_sessions (user_id, started_at DESC);
`;
