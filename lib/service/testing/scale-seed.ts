import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/database";
import { ensureDays } from "../store/partitions";
import { BODIES } from "./settlement-fixtures";

/**
 * A merchant's history at scale (issue 29, `npm run bench:scale` and the plan tests): 40 requests
 * written through the API and moved to where finished requests end (completed, failed, canceled,
 * expired), with the reads and mistakes of a real integration in the request log; then cloned in
 * SQL to N requests over `days`, their payments, `logsPerRequest`·N request-log rows and
 * `eventsPerRequest`·N events over the last 30 days. Bulk rows skip the rollup triggers; the
 * rollups are recounted once at the end (rebuild_rollups, migration 0017).
 */

export type Call = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

export interface ScaleSeed {
  requests: number;
  days?: number;
  logsPerRequest?: number;
  eventsPerRequest?: number;
}

export interface SeedReport {
  templateRequests: number;
  requests: number;
  payments: number;
  requestLogs: number;
  events: number;
  seconds: number;
}

const TEMPLATE_SIZE = 40;
const DAY = 86_400_000;

/** Writes the template through the API. `flushLog` waits until the request log has every call. */
export async function writeTemplate(call: Call, flushLog: () => Promise<void>): Promise<string[]> {
  const bodies = Object.values(BODIES);
  const ids: string[] = [];
  for (let i = 0; i < TEMPLATE_SIZE; i++) {
    const body = { ...bodies[i % bodies.length], external_id: `order-${1000 + i}` };
    const created = await call("POST", "/v0/settlement-requests", body);
    if (created.status !== 201)
      throw new Error(`template create answered ${created.status}: ${JSON.stringify(created.body)}`);
    const id = String(created.body.id);
    ids.push(id);
    await call("GET", `/v0/settlement-requests/${id}`);
    const end = i % 10;
    if (end <= 5) {
      await call("PATCH", `/v0/sandbox/settlement-requests/${id}/status`, { status: "SETTLEMENT_SENT" });
      await call("PUT", `/v0/settlement-requests/${id}`, { status: "COMPLETED" });
    } else if (end === 6)
      await call("PATCH", `/v0/sandbox/settlement-requests/${id}/status`, { status: "PAYIN_FAILED" });
    else if (end === 7) await call("PUT", `/v0/settlement-requests/${id}`, { status: "CANCELED" });
    else if (end === 8)
      await call("PATCH", `/v0/sandbox/settlement-requests/${id}/status`, { status: "REQUEST_EXPIRED" });
    else await call("PATCH", `/v0/sandbox/settlement-requests/${id}/status`, { status: "PAYIN_AMOUNT_MISMATCH" });
    if (i % 4 === 0) await call("GET", "/v0/settlement-requests?page_size=20");
    if (i % 8 === 0) await call("GET", "/v0/settlement-requests/sr_unknown");
    if (i % 13 === 0) await call("POST", "/v0/settlement-requests", { type: "FIAT_TO_FIAT" });
  }
  await flushLog();
  return ids;
}

/** The id of copy `g` of a template row (the SQL below makes the same): a version-4-shaped UUID from md5(id_g). */
export function copyIdOf(templateId: string, g: number): string {
  const hex = createHash("md5").update(`${templateId}_${g}`).digest("hex").split("");
  hex[12] = "4";
  hex[16] = "8";
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const count = async (db: Db, table: string) =>
  Number((await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM ${sql.identifier(table)}`))[0].n);

/** Clones the template rows of `accountId` to the sizes asked, ending at `now`. */
export async function cloneHistory(db: Db, accountId: string, now: Date, seed: ScaleSeed): Promise<SeedReport> {
  const started = Date.now();
  const days = seed.days ?? 365;
  const template = await count(db, "settlement_requests");
  const copies = Math.max(1, Math.round(seed.requests / template));
  const logCopies = Math.max(
    1,
    Math.round((seed.requests * (seed.logsPerRequest ?? 10)) / Math.max(1, await count(db, "request_logs"))),
  );
  const eventCopies = Math.max(
    1,
    Math.round((seed.requests * (seed.eventsPerRequest ?? 3)) / Math.max(1, await count(db, "events"))),
  );
  const nowIso = now.toISOString();
  // Copy g of a row is shifted back by g steps: the copies spread evenly over the span.
  const shift = (span: number, n: number) =>
    sql.raw(`(g::bigint * ${Math.floor(span / n)}) * interval '1 millisecond'`);
  await ensureDays(db, new Date(now.getTime() - 31 * DAY), now);
  for (const table of ["settlement_requests", "payments"])
    await db.execute(sql`ALTER TABLE ${sql.identifier(table)} DISABLE TRIGGER USER`);
  try {
    const requestShift = shift(days * DAY, copies);
    await db.execute(sql`
      INSERT INTO settlement_requests
      SELECT overlay(overlay(md5(r.id || '_' || g) placing '4' from 13) placing '8' from 17)::uuid::text, r.account_id, r.environment, r.type, r.payment_reason, r.status, r.amount, r.destination, r.source,
             r.payment_instructions, r.external_id || '-' || g, r.metadata, r.reconciliation_override,
             r.reconciliation_expected_at - ${requestShift}, r.valid_until - ${requestShift}, r.processing_at - ${requestShift},
             r.completed_at - ${requestShift}, r.failure_code, r.failure_reason, r.created_at - ${requestShift}, r.updated_at - ${requestShift}
        FROM (SELECT * FROM settlement_requests WHERE account_id = ${accountId}) r, generate_series(1, ${copies - 1}) g`);
    await db.execute(sql`
      INSERT INTO payments
      SELECT overlay(overlay(md5(p.id || '_' || g) placing '4' from 13) placing '8' from 17)::uuid::text, p.account_id, p.environment, p.type, p.status, overlay(overlay(md5(p.settlement_request_id || '_' || g) placing '4' from 13) placing '8' from 17)::uuid::text, p.disbursement_id,
             p.amount, p.currency, p.rail, p.source, p.destination, CASE WHEN p.transaction_hash IS NULL THEN NULL ELSE p.transaction_hash || g END,
             p.received_amount, p.fee, p.metadata, p.failure_reason, p.created_at - ${requestShift}, p.updated_at - ${requestShift},
             p.status_changed_at - ${requestShift}, p.completed_at - ${requestShift}
        FROM (SELECT * FROM payments WHERE account_id = ${accountId} AND settlement_request_id IS NOT NULL) p, generate_series(1, ${copies - 1}) g`);
    const recent = Math.min(30, days) * DAY;
    // The log and the events arrive in time order, as a live service writes them: copy g is the
    // g-th oldest and keeps the template's own spacing, and the copies are written one after
    // another (the template from a scratch table, so no scan reads what the statement writes).
    // A copy's log id has the length of a real one; it keeps its template's request id (not unique).
    // Cloned events keep their template's packed body (SQL cannot repack it); their resource
    // columns carry the copy's ids.
    const ascending = (n: number) =>
      sql.raw(`((${n} - g)::bigint * ${Math.floor(recent / n)}) * interval '1 millisecond'`);
    await db.execute(
      sql`CREATE UNLOGGED TABLE scale_template_logs AS SELECT * FROM request_logs WHERE account_id = ${accountId}`,
    );
    await db.execute(sql`
      INSERT INTO request_logs (id, account_id, environment, request_id, at, method, path, query, status, duration_ms, key_prefix,
                                idempotency_key, idempotent_replayed, resource_id, request_body, response_body, user_agent,
                                request_body_packed, response_body_packed)
      SELECT 'req_' || lpad(to_hex(g), 9, '0') || substr(l.id, 14), l.account_id, l.environment, l.request_id,
             ${nowIso}::timestamptz - ${ascending(logCopies)} - (l.last - l.at),
             l.method, l.path, l.query, l.status, l.duration_ms, l.key_prefix, l.idempotency_key, l.idempotent_replayed,
             CASE WHEN l.resource_id IS NULL THEN NULL ELSE overlay(overlay(md5(l.resource_id || '_' || g) placing '4' from 13) placing '8' from 17)::uuid::text END, l.request_body, l.response_body, l.user_agent,
             l.request_body_packed, l.response_body_packed
        FROM generate_series(1, ${logCopies}) g,
             LATERAL (SELECT t.*, max(t.at) OVER () AS last, g AS copy FROM scale_template_logs t ORDER BY t.at) l`);
    await db.execute(
      sql`CREATE UNLOGGED TABLE scale_template_events AS SELECT * FROM events WHERE account_id = ${accountId}`,
    );
    await db.execute(sql`
      INSERT INTO events (id, account_id, environment, type, created_at, data, body, resource_id, parent_id)
      SELECT e.id || '_' || g, e.account_id, e.environment, e.type,
             ${nowIso}::timestamptz - ${ascending(eventCopies)} - (e.last - e.created_at),
             CASE WHEN e.data IS NULL THEN NULL ELSE jsonb_set(e.data, '{id}', to_jsonb(overlay(overlay(md5((e.data->>'id') || '_' || g) placing '4' from 13) placing '8' from 17)::uuid::text)) END,
             e.body, overlay(overlay(md5(e.resource_id || '_' || g) placing '4' from 13) placing '8' from 17)::uuid::text, CASE WHEN e.parent_id IS NULL THEN NULL ELSE overlay(overlay(md5(e.parent_id || '_' || g) placing '4' from 13) placing '8' from 17)::uuid::text END
        FROM generate_series(1, ${eventCopies}) g,
             LATERAL (SELECT t.*, max(t.created_at) OVER () AS last, g AS copy FROM scale_template_events t ORDER BY t.created_at) e`);
    await db.execute(sql`DROP TABLE scale_template_logs, scale_template_events`);
  } finally {
    for (const table of ["settlement_requests", "payments"])
      await db.execute(sql`ALTER TABLE ${sql.identifier(table)} ENABLE TRIGGER USER`);
  }
  await db.execute(sql`SELECT rebuild_rollups()`);
  for (const table of [
    "settlement_requests",
    "payments",
    "request_logs",
    "events",
    "daily_rollups",
    "settled_rollups",
    "settle_time_rollups",
    "total_rollups",
  ]) {
    // As autovacuum would have left a year-old database: statistics, and a visibility map for index-only scans.
    await db.execute(sql`VACUUM ANALYZE ${sql.identifier(table)}`);
  }
  return {
    templateRequests: template,
    requests: await count(db, "settlement_requests"),
    payments: await count(db, "payments"),
    requestLogs: await count(db, "request_logs"),
    events: await count(db, "events"),
    seconds: (Date.now() - started) / 1000,
  };
}

/** Bytes on disk per row of each table (heap, TOAST and indexes; a partitioned table's partitions added up). */
export async function bytesPerRow(
  db: Db,
  tables: readonly string[],
): Promise<Record<string, { rows: number; bytes: number; perRow: number }>> {
  const out: Record<string, { rows: number; bytes: number; perRow: number }> = {};
  for (const table of tables) {
    const [size] = await queryRows<{ bytes: string }>(
      db,
      sql`SELECT (pg_total_relation_size(${table}::regclass)
                  + COALESCE((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = ${table}::regclass), 0))::text AS bytes`,
    );
    const rows = await count(db, table);
    out[table] = { rows, bytes: Number(size.bytes), perRow: rows ? Math.round(Number(size.bytes) / rows) : 0 };
  }
  return out;
}
