import "server-only";
import { notify, type Executor } from "@/lib/db/database";
import type { AttemptRecord } from "./deliveries";

/**
 * After attempts are recorded, one NOTIFY per endpoint whose deliveries changed, carrying ids
 * only ({w: webhook id, e: environment}): consoles listening on any instance refresh what they
 * show of that endpoint (lib/live/delivery-results.ts). Losing one costs a refresh
 * that comes later, from the delivery log's own polling.
 */
export const DELIVERY_RESULTS_CHANNEL = "console_delivery_results";

export async function announceDeliveryResults(db: Executor, batch: readonly AttemptRecord[]): Promise<void> {
  const endpoints = new Map(batch.map((b) => [b.delivery.webhookId, b.delivery.environment] as const));
  for (const [webhookId, environment] of endpoints) {
    await notify(db, DELIVERY_RESULTS_CHANNEL, JSON.stringify({ w: webhookId, e: environment }));
  }
}
