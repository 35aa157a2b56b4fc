/**
 * A delivery rate per endpoint (issue 63): `max_per_second` (null: no limit beyond the workers'
 * concurrency), and `webhook_endpoint_pacing`, one row per throttled endpoint holding when its next
 * send may start. Every instance reserves its sends there, so the rate holds across instances.
 */
export const sql = /* sql */ `
ALTER TABLE webhook_endpoints ADD COLUMN IF NOT EXISTS max_per_second integer;
CREATE TABLE IF NOT EXISTS webhook_endpoint_pacing (
  webhook_id text PRIMARY KEY REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  next_send_at timestamptz NOT NULL
);
`;
