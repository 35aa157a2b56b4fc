/**
 * A smaller request log and events (issue 29, decision D11.8). New rows keep their JSON packed
 * (deflate with the API's vocabulary as a preset dictionary, lib/service/store/packed-json.ts):
 * PostgreSQL compresses only rows over ~2 KB, and most bodies are smaller. Older rows keep their
 * text and jsonb columns until retention drops their day; readers take whichever is set.
 *
 * The indexes hold 4-byte keys instead of the text they find: the owner as a stored generated
 * column, owner = hashtext(account_id::text || ':' || environment), in place of a 36-character
 * account id and the environment, and hashtext() of a path, a resource id or an idempotency key
 * (queries compare the text itself too, so a collision costs a filtered row, never a wrong one).
 * The method and the event type stay as they are: a capped count by them then reads the index
 * alone (store/owner-keys.ts says when the owner key may stand for the owner).
 * They end with the time alone, ascending: entries arrive in time order, so each lands at the end
 * of its range; the lists read them backwards, and rows of the same instant are put in id order
 * by an incremental sort of those few (the id adds ~35 bytes to every entry). The events'
 * resource filter reads two plain columns instead of three expressions over the jsonb, and the
 * account id is a uuid (16 bytes, not 37: every account id is one, store/api-keys.ts).
 *
 * The request log's id is found the same way, hashtext(id), instead of a primary key on (id, at)
 * that a partitioned table would need (~90 bytes an entry): its ids are made unique (time,
 * sequence and 48 random bits, request-log/middleware.ts), and nothing references them.
 */
const owner = "hashtext(account_id::text || ':' || environment)";
const ownerColumn = `owner integer GENERATED ALWAYS AS (${owner}) STORED`;

export const sql = /* sql */ `
ALTER TABLE request_logs ADD COLUMN request_body_packed bytea, ADD COLUMN response_body_packed bytea;
ALTER TABLE events ADD COLUMN body bytea, ADD COLUMN resource_id text, ADD COLUMN parent_id text;
ALTER TABLE events ALTER COLUMN data DROP NOT NULL;
UPDATE events SET resource_id = data->>'id', parent_id = coalesce(data->>'settlement_request_id', data->>'disbursement_id')
 WHERE data IS NOT NULL;

DROP INDEX IF EXISTS request_logs_owner_idx;
DROP INDEX IF EXISTS request_logs_resource_idx;
DROP INDEX IF EXISTS request_logs_status_class_idx;
DROP INDEX IF EXISTS request_logs_method_idx;
DROP INDEX IF EXISTS request_logs_path_idx;
DROP INDEX IF EXISTS request_logs_idempotency_idx;
ALTER TABLE request_logs DROP CONSTRAINT IF EXISTS request_logs_pkey;
ALTER TABLE request_logs ALTER COLUMN account_id TYPE uuid USING account_id::uuid;
ALTER TABLE request_logs ADD COLUMN ${ownerColumn};
CREATE INDEX request_logs_id_idx ON request_logs (hashtext(id));
CREATE INDEX request_logs_owner_idx ON request_logs (owner, at);
CREATE INDEX request_logs_resource_idx ON request_logs (owner, hashtext(resource_id), at) WHERE resource_id IS NOT NULL;
CREATE INDEX request_logs_status_class_idx ON request_logs (owner, (status / 100), at);
CREATE INDEX request_logs_method_idx ON request_logs (owner, method, at);
CREATE INDEX request_logs_path_idx ON request_logs (owner, hashtext(path), at);
CREATE INDEX request_logs_idempotency_idx ON request_logs (owner, hashtext(idempotency_key), at) WHERE idempotency_key IS NOT NULL;

DROP INDEX IF EXISTS events_account_env_idx;
DROP INDEX IF EXISTS events_resource_idx;
DROP INDEX IF EXISTS events_request_idx;
DROP INDEX IF EXISTS events_disbursement_idx;
DROP INDEX IF EXISTS events_type_idx;
ALTER TABLE events ALTER COLUMN account_id TYPE uuid USING account_id::uuid;
ALTER TABLE events ADD COLUMN ${ownerColumn};
CREATE INDEX events_owner_idx ON events (owner, created_at);
CREATE INDEX events_type_idx ON events (owner, type, created_at);
CREATE INDEX events_resource_idx ON events (owner, hashtext(resource_id), created_at);
CREATE INDEX events_parent_idx ON events (owner, hashtext(parent_id), created_at) WHERE parent_id IS NOT NULL;
`;
