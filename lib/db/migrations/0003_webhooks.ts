export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  url text NOT NULL,
  description text,
  events text[] NOT NULL,
  secret text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'DISABLED')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_owner_idx ON webhook_endpoints (account_id, environment, created_at);
CREATE INDEX IF NOT EXISTS webhook_endpoints_active_idx ON webhook_endpoints (account_id, environment) WHERE status = 'ACTIVE';
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id text PRIMARY KEY,
  webhook_id text NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id text NOT NULL REFERENCES events(id),
  event_type text NOT NULL,
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT webhook_deliveries_webhook_event_key UNIQUE (webhook_id, event_id)
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX IF NOT EXISTS webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, created_at);
CREATE TABLE IF NOT EXISTS webhook_delivery_attempts (
  delivery_id text NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL,
  http_status integer,
  duration_ms integer NOT NULL,
  response_body text,
  error text,
  PRIMARY KEY (delivery_id, attempt)
);
`;
