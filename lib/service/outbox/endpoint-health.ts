import "server-only";
import type { Executor } from "@/lib/db/database";
import type { AttemptResult } from "@/lib/webhooks/send";
import { disableFailing, noteOutcomes, warnFailing, type EndpointOutcome } from "../store/webhook-health";
import type { WebhookRow } from "../store/webhooks";
import { toWebhookEvent } from "../use-cases/webhook-health-view";
import type { AttemptRecord } from "./deliveries";
import { emitEvent } from "./emit";

/** An attempt's failure in a few words, for the endpoint's health ("HTTP 500", "timed out after 10 s"). */
export function describeFailure(result: AttemptResult): string {
  if (result.httpStatus !== null) return `HTTP ${result.httpStatus}`;
  return result.error ?? "no answer";
}

/** Per endpoint, what a batch of recorded attempts (in the order they finished) says of it. */
export function outcomesOf(batch: readonly AttemptRecord[]): EndpointOutcome[] {
  const byEndpoint = new Map<string, EndpointOutcome>();
  for (const { delivery, at, result } of batch) {
    const seen = byEndpoint.get(delivery.webhookId);
    if (result.ok) {
      byEndpoint.set(delivery.webhookId, {
        webhookId: delivery.webhookId,
        ok: true,
        firstFailAt: null,
        lastFailAt: null,
        lastFailure: null,
      });
      continue;
    }
    byEndpoint.set(delivery.webhookId, {
      webhookId: delivery.webhookId,
      ok: false,
      firstFailAt: seen && !seen.ok && seen.firstFailAt ? seen.firstFailAt : at,
      lastFailAt: at,
      lastFailure: describeFailure(result),
    });
  }
  return [...byEndpoint.values()];
}

/**
 * After attempts are recorded (decisions D9.15): each endpoint's run of failures moves on, and an
 * endpoint whose run reached its policy's marks is warned (`webhook_endpoint.failing`, once per run)
 * or turned off (`webhook_endpoint.disabled`, its deliveries waiting). One transaction: the move
 * and its event exist together, once, whichever instance recorded the attempt.
 */
export async function judgeEndpointHealth(db: Executor, batch: readonly AttemptRecord[]): Promise<void> {
  const outcomes = outcomesOf(batch);
  const failing = outcomes.filter((o) => !o.ok).map((o) => o.webhookId);
  // Only successes (the usual batch): one statement, no move to make, no transaction around it.
  if (failing.length === 0) return noteOutcomes(db, outcomes);
  await db.transaction(async (tx) => {
    await noteOutcomes(tx, outcomes);
    for (const row of await warnFailing(tx, failing)) await announce(tx, row, "webhook_endpoint.failing");
    for (const row of await disableFailing(tx, failing)) await announce(tx, row, "webhook_endpoint.disabled");
  });
}

async function announce(tx: Executor, row: WebhookRow, type: "webhook_endpoint.failing" | "webhook_endpoint.disabled") {
  await emitEvent(tx, {
    accountId: row.accountId,
    environment: row.environment,
    type,
    at: row.lastFailureAt ?? row.updatedAt,
    data: toWebhookEvent(row),
  });
}
