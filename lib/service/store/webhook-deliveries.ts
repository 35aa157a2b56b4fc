import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Environment } from "@/lib/schemas/catalog";
import { openSecret } from "@/lib/crypto/secret-box";
import { queryRows, type Executor } from "@/lib/db/database";
import { dueBound, nowForRow } from "./sandbox-clocks";
import { eventData } from "./events";

/**
 * The delivery worker's queries (outbox/worker.ts): claiming due deliveries under a lease and
 * recording attempts. What the API shows of deliveries: webhooks.ts.
 */

/** A delivery a worker holds a lease on, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  /** Attempts recorded before this one. */
  attemptCount: number;
  url: string;
  secret: string;
  /** The secret before a rotation, while its overlap lasts on the endpoint's clock: it signs too (issue 63). */
  previousSecret: string | null;
  /** The endpoint's rate, if it has one: each send reserves its slot first (reserveSendSlot). */
  maxPerSecond: number | null;
  /** The replay sending it again, if one is (X-Service-Replay). */
  replayId: string | null;
  /** A rehearsed outage (sandbox, D9.15) still running on the endpoint's clock: the attempt fails without a send. */
  outage: { until: Date; mode: "http_500" | "timeout" } | null;
  environment: Environment;
  /** The endpoint's account: in the sandbox, its clock times the attempts (decision D8.3). */
  accountId: string;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  data: Record<string, unknown>;
}

interface ClaimRow {
  id: string;
  webhook_id: string;
  attempt_count: number;
  url: string;
  secret: string;
  previous_secret: string | null;
  max_per_second: number | null;
  replay_id: string | null;
  outage_until: Date | string | null;
  outage_mode: "http_500" | "timeout" | null;
  environment: Environment;
  account_id: string;
  event_id: string;
  event_type: string;
  event_created_at: Date | string;
  data: Record<string, unknown> | string | null;
  body: Uint8Array | string | null;
}

export interface ClaimOptions {
  now: Date;
  leaseMs: number;
  limit: number;
  perEndpoint: number;
  /** Sends this instance has in flight per endpoint: they count against the endpoint's cap. */
  inFlight: ReadonlyMap<string, number>;
  /** Lower caps for some endpoints (slow or failing ones); others get perEndpoint. */
  caps?: ReadonlyMap<string, number>;
}

/**
 * Claims and attempt records commit without waiting for the disk (synchronous_commit off): if
 * one is lost in a crash, the delivery is simply sent again, which at-least-once allows. The
 * events and deliveries themselves are written durably, in the caller's transaction.
 */
async function relaxed<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    return work(tx);
  });
}

/** A timestamp parameter, the same on both drivers. */
const ts = (d: Date | null): SQL => (d === null ? sql`NULL::timestamptz` : sql`${d.toISOString()}::timestamptz`);

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Claims due deliveries in one short statement: `FOR UPDATE SKIP LOCKED` lets several workers
 * claim side by side without waiting on each other or taking the same row, and moving
 * next_attempt_at to the end of the lease hides the row until the lease runs out. If the worker
 * dies, the row simply comes due again. Deliveries of a DISABLED endpoint wait until it is
 * ACTIVE again. Each endpoint gets at most its cap (perEndpoint, or a lower one from `caps`),
 * counting the sends in flight, so one slow receiver cannot fill every slot.
 */
export async function claimDueDeliveries(db: Executor, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (o.limit <= 0) return [];
  const capOf = (id: string) => o.caps?.get(id) ?? o.perEndpoint;
  const known = new Set([...o.inFlight.keys(), ...(o.caps?.keys() ?? [])]);
  const saturated = [...known].filter((id) => (o.inFlight.get(id) ?? 0) >= capOf(id));
  const partial = [...known].filter((id) => (o.inFlight.get(id) ?? 0) < capOf(id));
  const busyJoin = partial.length
    ? sql`LEFT JOIN (VALUES ${sql.join(
        partial.map((id) => sql`(${id}::text, ${o.inFlight.get(id) ?? 0}::int, ${capOf(id)}::int)`),
        sql`, `,
      )}) AS f(webhook_id, n, cap) ON f.webhook_id = c.webhook_id`
    : sql`LEFT JOIN (SELECT NULL::text AS webhook_id, 0 AS n, 0 AS cap) AS f ON false`;
  const statement = sql`
    WITH candidates AS (
      SELECT q.id, q.webhook_id, q.next_attempt_at, w.max_per_second AS rate FROM webhook_deliveries q
      JOIN webhook_endpoints w ON w.id = q.webhook_id AND w.status = 'ACTIVE'
      WHERE q.status = 'PENDING' AND q.next_attempt_at <= ${dueBound(o.now)}
        AND q.next_attempt_at <= ${nowForRow(o.now, sql`w.account_id`, sql`w.environment`)}
        -- A throttled endpoint whose sends are reserved past the next second: nothing to claim for it yet.
        AND (w.max_per_second IS NULL OR NOT EXISTS (
          SELECT 1 FROM webhook_endpoint_pacing p
           WHERE p.webhook_id = q.webhook_id AND p.next_send_at > ${new Date(Date.now() + PACING_HORIZON_MS)}))
      ${saturated.length ? sql`AND q.webhook_id NOT IN (${list(saturated)})` : sql``}
      ORDER BY q.next_attempt_at
      LIMIT ${o.limit * 4}::int
    ),
    ranked AS (
      SELECT c.id, c.next_attempt_at,
        row_number() OVER (PARTITION BY c.webhook_id ORDER BY c.next_attempt_at) + COALESCE(f.n, 0) AS slot,
        LEAST(COALESCE(f.cap, ${o.perEndpoint}::int), COALESCE(c.rate, 2147483647)) AS cap
      FROM candidates c ${busyJoin}
    ),
    picked AS (
      SELECT d.id FROM webhook_deliveries d JOIN ranked r ON r.id = d.id JOIN webhook_endpoints wp ON wp.id = d.webhook_id
      WHERE r.slot <= r.cap AND d.status = 'PENDING' AND d.next_attempt_at <= ${nowForRow(o.now, sql`wp.account_id`, sql`wp.environment`)}
      ORDER BY d.next_attempt_at
      LIMIT ${o.limit}::int
      FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d SET next_attempt_at = ${nowForRow(o.now, sql`w.account_id`, sql`w.environment`)} + ${o.leaseMs} * interval '1 millisecond'
    FROM picked, webhook_endpoints w, events e
    WHERE d.id = picked.id AND w.id = d.webhook_id AND e.id = d.event_id
    RETURNING d.id, d.webhook_id, d.attempt_count, w.url, w.secret, w.environment, w.account_id,
      CASE WHEN w.previous_secret_expires_at > ${nowForRow(o.now, sql`w.account_id`, sql`w.environment`)}
        THEN w.previous_secret END AS previous_secret, w.max_per_second, d.replay_id,
      CASE WHEN w.outage_until > ${nowForRow(o.now, sql`w.account_id`, sql`w.environment`)}
        THEN w.outage_until END AS outage_until, w.outage_mode,
      e.id AS event_id, e.type AS event_type, e.created_at AS event_created_at, e.data, e.body`;
  const rows = await relaxed(db, (tx) => queryRows<ClaimRow>(tx, statement));
  return rows.map((r) => ({
    id: r.id,
    webhookId: r.webhook_id,
    attemptCount: Number(r.attempt_count),
    url: r.url,
    secret: openSecret(r.secret),
    previousSecret: r.previous_secret ? openSecret(r.previous_secret) : null,
    maxPerSecond: r.max_per_second === null ? null : Number(r.max_per_second),
    replayId: r.replay_id,
    outage: r.outage_until ? { until: new Date(r.outage_until), mode: r.outage_mode ?? "http_500" } : null,
    environment: r.environment,
    accountId: r.account_id,
    eventId: r.event_id,
    eventType: r.event_type,
    eventCreatedAt: new Date(r.event_created_at),
    data: eventData(r),
  }));
}

/** One finished attempt as recorded, with what its delivery becomes (the outbox decides: outbox/deliveries.ts). */
export interface AttemptToRecord {
  delivery: { id: string; attemptCount: number };
  /** When the attempt started (the clock at claim). */
  at: Date;
  /** When it ended. */
  recordedAt: Date;
  result: { httpStatus: number | null; durationMs: number; responseBody: string | null; error: string | null };
  /** SUCCEEDED, PENDING again at `next`, or FAILED. */
  status: "SUCCEEDED" | "PENDING" | "FAILED";
  next: Date | null;
}

/**
 * Records attempts and moves their deliveries on, in one statement for the whole batch (one
 * commit for many sends). Each applies only if nobody recorded that attempt yet (attempt_count
 * unchanged), so a send repeated after a lease ran out is logged once. Returns the ids applied
 * (a deleted endpoint's deliveries are gone and are not).
 */
export async function recordAttempts(db: Executor, batch: readonly AttemptToRecord[]): Promise<Set<string>> {
  if (batch.length === 0) return new Set();
  // One row per delivery: a repeat of the same attempt in one batch is logged once.
  const unique = [...new Map(batch.map((b) => [b.delivery.id, b] as const)).values()];
  const values = unique.map(({ delivery: d, at, result, recordedAt, status, next }) => {
    const attempt = d.attemptCount + 1;
    return sql`(${d.id}::text, ${d.attemptCount}::int, ${attempt}::int, ${status}::text, ${ts(next)}, ${ts(at)}, ${ts(recordedAt)},
      ${result.httpStatus}::int, ${result.durationMs}::int, ${result.responseBody}::text, ${result.error}::text)`;
  });
  const statement = sql`
    WITH input (id, expected, attempt, status, next_at, at, recorded_at, http_status, duration_ms, response_body, error) AS (
      VALUES ${sql.join(values, sql`, `)}
    ),
    applied AS (
      UPDATE webhook_deliveries d
      SET status = i.status, attempt_count = i.attempt, next_attempt_at = i.next_at, updated_at = i.recorded_at
      FROM input i
      WHERE d.id = i.id AND d.attempt_count = i.expected AND d.status = 'PENDING'
      RETURNING d.id
    )
    INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at, http_status, duration_ms, response_body, error)
    SELECT i.id, i.attempt, i.at, i.http_status, i.duration_ms, i.response_body, i.error
    FROM input i JOIN applied a ON a.id = i.id
    RETURNING delivery_id`;
  const rows = await relaxed(db, (tx) => queryRows<{ delivery_id: string }>(tx, statement));
  return new Set(rows.map((r) => r.delivery_id));
}

/** How far ahead a throttled endpoint's sends may be reserved: a worker waits at most this long for its slot. */
export const PACING_HORIZON_MS = 1_000;

/**
 * Reserves the next send slot of a throttled endpoint (issue 63), shared by every instance: sends
 * are spaced 1/rate apart (2 % more, so a receiver counting by the second never sees more than
 * the rate). The wall time the send may start, or null when the slots of the next second are
 * taken (the delivery waits, without an attempt).
 */
export async function reserveSendSlot(
  db: Executor,
  webhookId: string,
  perSecond: number,
  now: Date,
): Promise<Date | null> {
  const gapMs = (1000 * 1.02) / perSecond;
  const rows = await queryRows<{ slot: Date | string }>(
    db,
    sql`INSERT INTO webhook_endpoint_pacing AS p (webhook_id, next_send_at)
        VALUES (${webhookId}, ${now}::timestamptz + ${gapMs} * interval '1 millisecond')
        ON CONFLICT (webhook_id) DO UPDATE
          SET next_send_at = GREATEST(p.next_send_at, ${now}::timestamptz) + ${gapMs} * interval '1 millisecond'
          WHERE p.next_send_at <= ${now}::timestamptz + ${PACING_HORIZON_MS} * interval '1 millisecond'
        RETURNING p.next_send_at - ${gapMs} * interval '1 millisecond' AS slot`,
  );
  const slot = rows[0]?.slot;
  return slot === undefined ? null : new Date(slot);
}

/** A throttled delivery gives its claim back: due again at `at` (its clock), no attempt counted. */
export async function postponeDelivery(db: Executor, deliveryId: string, at: Date): Promise<void> {
  await db.execute(
    sql`UPDATE webhook_deliveries SET next_attempt_at = ${at} WHERE id = ${deliveryId} AND status = 'PENDING'`,
  );
}
