/** The console's sign-in tables and audit trail (drizzle definitions: lib/auth/schema.ts). */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_users (
  id text PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL UNIQUE,
  email_verified boolean NOT NULL DEFAULT false,
  image text,
  role text NOT NULL DEFAULT 'support' CHECK (role IN ('admin', 'finance', 'support', 'developer')),
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS console_sessions (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  ip_address text,
  user_agent text,
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS console_sessions_user_idx ON console_sessions (user_id);
CREATE TABLE IF NOT EXISTS console_credentials (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  provider_id text NOT NULL,
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  access_token text,
  refresh_token text,
  id_token text,
  access_token_expires_at timestamptz,
  refresh_token_expires_at timestamptz,
  scope text,
  password text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS console_credentials_user_idx ON console_credentials (user_id);
CREATE TABLE IF NOT EXISTS console_verifications (
  id text PRIMARY KEY,
  identifier text NOT NULL,
  value text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS console_audit (
  id text PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id text,
  user_email text,
  role text,
  action text NOT NULL,
  target_id text,
  environment text CHECK (environment IN ('sandbox', 'production')),
  result text NOT NULL,
  detail text
);
CREATE INDEX IF NOT EXISTS console_audit_at_idx ON console_audit (at);
CREATE INDEX IF NOT EXISTS console_audit_user_idx ON console_audit (user_id, at);
`;
