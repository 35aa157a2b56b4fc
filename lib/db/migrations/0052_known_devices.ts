/**
 * The browsers each person has signed in from (issue 64: a sign-in from a new device is a
 * notice). A browser is known by a random token in a long-lived cookie, kept here only as its
 * SHA-256, with what it looked like ("Chrome on Linux") and the address it came from, first and
 * last. No token here can sign anyone in: it only says "seen before".
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_known_devices (
  user_id text NOT NULL REFERENCES console_users(id) ON DELETE CASCADE,
  token_sha256 text NOT NULL,
  device text NOT NULL,
  first_address text,
  last_address text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, token_sha256)
);
`;
