/**
 * A second factor for signing in and for production approvals (issue 43): each person's
 * authenticator-app secret (sealed at rest like the other secrets), the last time step used (a
 * code is never accepted twice) and their unused recovery codes (hashed). A session remembers
 * when it last proved the second factor: at sign-in, and again for each step-up. Drizzle
 * definitions: lib/auth/schema.ts.
 */
export const sql = /* sql */ `
ALTER TABLE console_users ADD COLUMN IF NOT EXISTS second_factor_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE console_sessions ADD COLUMN IF NOT EXISTS second_factor_at timestamptz;
CREATE TABLE IF NOT EXISTS console_second_factors (
  user_id text PRIMARY KEY REFERENCES console_users(id) ON DELETE CASCADE,
  totp_secret text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  recovery_codes jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
