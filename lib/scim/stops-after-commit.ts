import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { publishStop, type ListenStop } from "@/lib/listen/control";

const held = new AsyncLocalStorage<ListenStop[]>();

/**
 * Runs `work` (a transaction) holding back the `listen` stops it would publish, and publishes them
 * once it has committed: a stop is a NOTIFY on another connection, which an embedded database (one
 * connection, held by the open transaction) would make wait for ever. A transaction that fails
 * publishes nothing, as nothing it did stands.
 */
export async function withStopsAfterCommit<T>(work: () => Promise<T>): Promise<T> {
  const stops: ListenStop[] = [];
  const result = await held.run(stops, work);
  for (const stop of stops) await publishStop(stop).catch(() => {});
  return result;
}

/** Publishes a stop, or holds it until the transaction around it (withStopsAfterCommit) commits. */
export async function publishAfterCommit(stop: ListenStop): Promise<void> {
  const stops = held.getStore();
  if (stops) stops.push(stop);
  else await publishStop(stop);
}
