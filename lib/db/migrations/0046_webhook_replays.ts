/**
 * Replay by range (issue 63): each replay an endpoint was given (its range, what it took, how
 * many), so a second replay of the same range is asked about; and on a delivery, the replay that
 * sent it again (its deliveries carry `X-Service-Replay`).
 */
export const sql = /* sql */ `
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS replay_id text;
CREATE TABLE IF NOT EXISTS webhook_replays (
  id text PRIMARY KEY,
  webhook_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  range_from timestamptz NOT NULL,
  range_to timestamptz NOT NULL,
  only_failed boolean NOT NULL,
  types text[],
  count integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_replays_endpoint_idx ON webhook_replays (webhook_id, range_from);
`;
