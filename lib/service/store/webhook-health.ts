import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { webhookEndpoints } from "./schema";
import type { WebhookRow } from "./webhooks";

/**
 * An endpoint's run of failures (issue 63, decisions D9.15): what the delivery worker writes after
 * each batch of attempts, and the two moves the failure policy makes (warn, turn off). Every
 * time here is on the account's clock (the sandbox clock in the sandbox), as attempts are.
 */

/** What one batch of attempts says of one endpoint. */
export interface EndpointOutcome {
  webhookId: string;
  /** The batch's last attempt to it succeeded. */
  ok: boolean;
  /** The first failure after the batch's last success (null when the last attempt succeeded). */
  firstFailAt: Date | null;
  lastFailAt: Date | null;
  /** The last failure in a few words. */
  lastFailure: string | null;
}

const ts = (d: Date | null) => (d === null ? sql`NULL::timestamptz` : sql`${d.toISOString()}::timestamptz`);

/**
 * Writes the batch's outcomes: a success ends the endpoint's run of failures; a failure starts one
 * (or continues it). An endpoint that was healthy and succeeded again is not written at all.
 */
export async function noteOutcomes(db: Executor, outcomes: readonly EndpointOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const values = outcomes.map(
    (o) =>
      sql`(${o.webhookId}::text, ${o.ok}::boolean, ${ts(o.firstFailAt)}, ${ts(o.lastFailAt)}, ${o.lastFailure}::text)`,
  );
  await db.execute(sql`
    WITH input (id, ok, first_fail, last_fail, last_failure) AS (VALUES ${sql.join(values, sql`, `)})
    UPDATE webhook_endpoints w SET
      failing_since = CASE WHEN i.ok THEN NULL ELSE COALESCE(w.failing_since, i.first_fail) END,
      failing_warned_at = CASE WHEN i.ok THEN NULL ELSE w.failing_warned_at END,
      last_failure_at = CASE WHEN i.ok THEN w.last_failure_at ELSE i.last_fail END,
      last_failure = CASE WHEN i.ok THEN w.last_failure ELSE i.last_failure END
    FROM input i
    WHERE w.id = i.id AND (NOT i.ok OR w.failing_since IS NOT NULL)`);
}

/** Endpoints among `ids` whose run of failures reached their warning and that were not warned yet: now warned (once per run). */
export function warnFailing(db: Executor, ids: readonly string[]): Promise<WebhookRow[]> {
  const w = webhookEndpoints;
  return db
    .update(w)
    .set({ failingWarnedAt: sql`${w.lastFailureAt}` })
    .where(
      and(
        inArray(w.id, [...ids]),
        isNotNull(w.failingSince),
        isNull(w.failingWarnedAt),
        sql`${w.lastFailureAt} >= ${w.failingSince} + ${w.warnAfterSeconds} * interval '1 second'`,
      ),
    )
    .returning();
}

/** Endpoints among `ids` whose run of failures reached their policy's limit: now DISABLED, with the reason. */
export function disableFailing(db: Executor, ids: readonly string[]): Promise<WebhookRow[]> {
  const w = webhookEndpoints;
  return db
    .update(w)
    .set({
      status: "DISABLED",
      disabledAt: sql`${w.lastFailureAt}`,
      updatedAt: sql`${w.lastFailureAt}`,
      disabledReason: sql`'Turned off after ' || (${w.disableAfterSeconds} / 3600) || ' hours of only failed deliveries (since '
        || to_char(${w.failingSince} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') || '; the last: '
        || COALESCE(${w.lastFailure}, 'no answer') || ')'`,
    })
    .where(
      and(
        inArray(w.id, [...ids]),
        eq(w.status, "ACTIVE"),
        isNotNull(w.failingSince),
        isNotNull(w.disableAfterSeconds),
        sql`${w.lastFailureAt} >= ${w.failingSince} + ${w.disableAfterSeconds} * interval '1 second'`,
      ),
    )
    .returning();
}
