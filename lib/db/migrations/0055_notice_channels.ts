/**
 * Notices that reach people, second part (issue 64): a team's chat channel (a Slack or Microsoft
 * Teams incoming webhook, its URL sealed like every secret: the URL is the credential), one per
 * team; each person's channel for each kind (email, or their team's chat); and the daily digest
 * that holds a person's mails until their hour in the merchant's time zone. A chat notice is one
 * row for its channel (user_id null, the people it is for in `recipients`): two people of a team
 * choosing chat make one message, and a channel removed before it was sent mails them instead.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_notice_channels (
  id text PRIMARY KEY,
  team text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('slack', 'teams')),
  name text NOT NULL,
  url text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE console_notice_choices ADD COLUMN IF NOT EXISTS channel text NOT NULL DEFAULT 'email';
CREATE TABLE IF NOT EXISTS console_notice_digests (
  user_id text PRIMARY KEY REFERENCES console_users(id) ON DELETE CASCADE,
  hour integer NOT NULL CHECK (hour BETWEEN 0 AND 23)
);
ALTER TABLE console_notices ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE console_notices ALTER COLUMN email DROP NOT NULL;
ALTER TABLE console_notices ADD COLUMN IF NOT EXISTS channel_id text REFERENCES console_notice_channels(id) ON DELETE CASCADE;
ALTER TABLE console_notices ADD COLUMN IF NOT EXISTS digest_id text;
ALTER TABLE console_notices ADD COLUMN IF NOT EXISTS recipients jsonb;
CREATE INDEX IF NOT EXISTS console_notices_held_idx ON console_notices (user_id, created_at) WHERE status = 'held';
`;
