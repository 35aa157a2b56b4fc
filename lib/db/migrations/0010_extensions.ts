/**
 * The extensions of 2026-11-24 (docs/decisions/ D8.3, D9.6, D11): events found by the
 * resource they carry, the request log, and each account's sandbox clock.
 */
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS events_resource_idx ON events (account_id, environment, (data->>'id'), created_at);
CREATE INDEX IF NOT EXISTS events_request_idx ON events (account_id, environment, (data->>'settlement_request_id'), created_at);
CREATE INDEX IF NOT EXISTS events_disbursement_idx ON events (account_id, environment, (data->>'disbursement_id'), created_at);
CREATE INDEX IF NOT EXISTS events_type_idx ON events (account_id, environment, type, created_at);

CREATE TABLE IF NOT EXISTS request_logs (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  environment text NOT NULL,
  request_id text NOT NULL,
  at timestamptz NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  query text NOT NULL DEFAULT '',
  status integer NOT NULL,
  duration_ms integer NOT NULL,
  key_prefix text NOT NULL,
  idempotency_key text,
  idempotent_replayed boolean NOT NULL DEFAULT false,
  resource_id text,
  request_body text,
  response_body text
);
CREATE INDEX IF NOT EXISTS request_logs_owner_idx ON request_logs (account_id, environment, at DESC, id DESC);
CREATE INDEX IF NOT EXISTS request_logs_resource_idx ON request_logs (account_id, environment, resource_id, at DESC);
CREATE INDEX IF NOT EXISTS request_logs_at_idx ON request_logs USING brin (at);

CREATE TABLE IF NOT EXISTS sandbox_clocks (
  account_id text PRIMARY KEY,
  offset_ms bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);
`;
