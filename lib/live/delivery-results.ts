import "server-only";
import { ENVIRONMENTS, type Environment } from "@/lib/schemas/catalog";
import { DELIVERY_RESULTS_CHANNEL } from "@/lib/service/outbox/delivery-notices";
import * as api from "@/lib/settlement-api";
import { channelHub } from "./channel-hub";

/** A webhook endpoint's deliveries changed (ids only). */
export type DeliveryNotice = { webhookId: string; environment: Environment };

function decode(payload: string): DeliveryNotice | null {
  try {
    const value = JSON.parse(payload) as { w?: unknown; e?: unknown };
    if (typeof value.w !== "string" || !(ENVIRONMENTS as readonly unknown[]).includes(value.e)) return null;
    return { webhookId: value.w, environment: value.e as Environment };
  } catch {
    return null;
  }
}

const hub = channelHub<DeliveryNotice>({
  channel: DELIVERY_RESULTS_CHANNEL,
  encode: (n) => JSON.stringify({ w: n.webhookId, e: n.environment }),
  decode,
  keyOf: (n) => n.environment,
});

export const startDeliveryResults = (): Promise<void> => hub.start();
export const stopDeliveryResults = (): Promise<void> => hub.stop();
export const subscribeDeliveryResults = (
  environment: Environment,
  listener: (notice: DeliveryNotice | null) => void,
): (() => void) => hub.subscribe(environment, listener);

/**
 * The console's own endpoints per environment, read through its key (the service may serve other
 * accounts too), at most once per REFRESH_AT_MOST_EVERY_MS. An id not in the list waits for the
 * next read rather than being dropped: an endpoint made a moment ago is in it then.
 */
const REFRESH_AT_MOST_EVERY_MS = 2_000;
const known = new Map<Environment, { ids: Set<string>; at: number }>();
const reading = new Map<Environment, Promise<Set<string>>>();

async function readIds(environment: Environment): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const prefix of ["/v0", "/v1"] as const) {
    const page = await api.listWebhooks(environment, { page: 1, page_size: 100 }, prefix);
    if (page.ok) for (const w of page.data.data) ids.add(w.id);
  }
  known.set(environment, { ids, at: Date.now() });
  return ids;
}

/** The next read of the list, shared by every caller, not sooner than the interval after the last. */
function nextRead(environment: Environment): Promise<Set<string>> {
  const pending = reading.get(environment);
  if (pending) return pending;
  const last = known.get(environment)?.at ?? 0;
  const wait = Math.max(0, last + REFRESH_AT_MOST_EVERY_MS - Date.now());
  const read = new Promise<void>((resolve) => setTimeout(resolve, wait))
    .then(() => readIds(environment))
    .finally(() => reading.delete(environment));
  reading.set(environment, read);
  return read;
}

export async function isConsoleEndpoint(environment: Environment, webhookId: string): Promise<boolean> {
  if (known.get(environment)?.ids.has(webhookId)) return true;
  return (await nextRead(environment)).has(webhookId);
}
