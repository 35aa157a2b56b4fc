/** The dashboard's webhook inbox (drizzle definitions: lib/inbox/schema.ts). */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS inboxes (
  id text PRIMARY KEY,
  owner_user_id text NOT NULL,
  name text NOT NULL,
  secret text,
  webhook_id text,
  environment text CHECK (environment IN ('sandbox', 'production')),
  response_mode text NOT NULL DEFAULT 'ok' CHECK (response_mode IN ('ok', 'error', 'gone', 'timeout')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS inboxes_owner_idx ON inboxes (owner_user_id, created_at);
CREATE TABLE IF NOT EXISTS inbox_messages (
  seq bigserial PRIMARY KEY,
  inbox_id text NOT NULL REFERENCES inboxes(id) ON DELETE CASCADE,
  received_at timestamptz NOT NULL,
  method text NOT NULL,
  headers jsonb NOT NULL,
  body text NOT NULL,
  event_id text,
  event_type text,
  event_created_at timestamptz,
  resource_id text,
  resource_status text,
  verdict jsonb NOT NULL,
  duplicate_of bigint,
  out_of_order boolean NOT NULL DEFAULT false,
  answered_status integer
);
CREATE INDEX IF NOT EXISTS inbox_messages_inbox_idx ON inbox_messages (inbox_id, seq);
CREATE INDEX IF NOT EXISTS inbox_messages_event_idx ON inbox_messages (inbox_id, event_id);
CREATE INDEX IF NOT EXISTS inbox_messages_resource_idx ON inbox_messages (inbox_id, resource_id);
`;
