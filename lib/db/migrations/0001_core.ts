export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS accounts (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS api_keys (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  key_hash text NOT NULL UNIQUE,
  prefix text NOT NULL,
  label text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS api_keys_account_idx ON api_keys (account_id);
CREATE TABLE IF NOT EXISTS rate_limit_windows (
  api_key_id text NOT NULL,
  window_start bigint NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (api_key_id, window_start)
);
CREATE TABLE IF NOT EXISTS idempotency_keys (
  api_key_id text NOT NULL,
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL,
  response_status integer,
  response_body text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (api_key_id, scope, key)
);
CREATE TABLE IF NOT EXISTS events (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  environment text NOT NULL,
  type text NOT NULL,
  created_at timestamptz NOT NULL,
  data jsonb NOT NULL
);
CREATE INDEX IF NOT EXISTS events_account_env_idx ON events (account_id, environment, created_at);
`;
