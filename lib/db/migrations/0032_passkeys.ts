/**
 * Passkeys (issue 43): each person's WebAuthn credentials, a second factor beside the
 * authenticator app. The public key as a JWK, the signature counter (a counter that goes back
 * means a copied key), a name, when it was added and last used. Challenges live in
 * console_verifications, five minutes each. Drizzle: lib/auth/schema.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_passkeys (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  name text NOT NULL,
  public_key jsonb NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX IF NOT EXISTS console_passkeys_user_idx ON console_passkeys (user_id);
`;
