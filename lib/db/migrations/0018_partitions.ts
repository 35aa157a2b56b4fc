/**
 * The request log and the events are partitioned by UTC day (issue 29, decision D11.7): retention
 * drops whole days, and every list reads one page through per-partition indexes in its order. A
 * default partition catches a row of a day with no partition yet, so an insert never fails; the
 * partition keeper (store/partitions.ts) creates days ahead, moves any such row into its day and
 * drops days past 30. Existing rows are copied into the default partition here; the keeper's first
 * pass, at start, moves them into their days.
 *
 * Deliveries no longer reference events by a foreign key (a partitioned table's key includes its
 * partition column); the keeper never drops a day whose events still have deliveries due.
 */
export const sql = /* sql */ `
ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_event_id_fkey;
CREATE INDEX IF NOT EXISTS webhook_deliveries_pending_created_idx ON webhook_deliveries (created_at) WHERE status = 'PENDING';

ALTER TABLE request_logs RENAME TO request_logs_unpartitioned;
ALTER TABLE request_logs_unpartitioned RENAME CONSTRAINT request_logs_pkey TO request_logs_unpartitioned_pkey;
DROP INDEX IF EXISTS request_logs_owner_idx;
DROP INDEX IF EXISTS request_logs_resource_idx;
DROP INDEX IF EXISTS request_logs_at_idx;
CREATE TABLE request_logs (LIKE request_logs_unpartitioned INCLUDING DEFAULTS, PRIMARY KEY (id, at)) PARTITION BY RANGE (at);
CREATE TABLE request_logs_default PARTITION OF request_logs DEFAULT;
INSERT INTO request_logs SELECT * FROM request_logs_unpartitioned;
DROP TABLE request_logs_unpartitioned;
CREATE INDEX request_logs_owner_idx ON request_logs (account_id, environment, at DESC, id DESC);
CREATE INDEX request_logs_resource_idx ON request_logs (account_id, environment, resource_id, at DESC, id DESC);
CREATE INDEX request_logs_status_class_idx ON request_logs (account_id, environment, (status / 100), at DESC, id DESC);
CREATE INDEX request_logs_method_idx ON request_logs (account_id, environment, method, at DESC, id DESC);
CREATE INDEX request_logs_path_idx ON request_logs (account_id, environment, path, at DESC, id DESC);
CREATE INDEX request_logs_idempotency_idx ON request_logs (account_id, environment, idempotency_key, at DESC, id DESC) WHERE idempotency_key IS NOT NULL;

ALTER TABLE events RENAME TO events_unpartitioned;
ALTER TABLE events_unpartitioned RENAME CONSTRAINT events_pkey TO events_unpartitioned_pkey;
DROP INDEX IF EXISTS events_account_env_idx;
DROP INDEX IF EXISTS events_resource_idx;
DROP INDEX IF EXISTS events_request_idx;
DROP INDEX IF EXISTS events_disbursement_idx;
DROP INDEX IF EXISTS events_type_idx;
CREATE TABLE events (LIKE events_unpartitioned INCLUDING DEFAULTS, PRIMARY KEY (id, created_at)) PARTITION BY RANGE (created_at);
CREATE TABLE events_default PARTITION OF events DEFAULT;
INSERT INTO events SELECT * FROM events_unpartitioned;
DROP TABLE events_unpartitioned;
CREATE INDEX events_account_env_idx ON events (account_id, environment, created_at DESC, id DESC);
CREATE INDEX events_resource_idx ON events (account_id, environment, (data->>'id'), created_at DESC, id DESC);
CREATE INDEX events_request_idx ON events (account_id, environment, (data->>'settlement_request_id'), created_at DESC, id DESC);
CREATE INDEX events_disbursement_idx ON events (account_id, environment, (data->>'disbursement_id'), created_at DESC, id DESC);
CREATE INDEX events_type_idx ON events (account_id, environment, type, created_at DESC, id DESC);

DO $do$
BEGIN
  ALTER TABLE request_logs ALTER COLUMN request_body SET COMPRESSION lz4;
  ALTER TABLE request_logs ALTER COLUMN response_body SET COMPRESSION lz4;
  ALTER TABLE events ALTER COLUMN data SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'lz4 is not available here: the bodies keep the default compression';
END
$do$;
`;
