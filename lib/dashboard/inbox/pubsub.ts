import "server-only";

/**
 * In-process fan-out of inbox arrivals to open SSE streams, keyed by the owner's user id. One
 * Next server process holds every stream; a reconnecting browser catches up from the database
 * (Last-Event-ID), so a missed notification here is never a missed message.
 */
export type ArrivalNotice = { ownerUserId: string; inboxId: string; seq: number };
type Listener = (notice: ArrivalNotice) => void;

const holder = globalThis as typeof globalThis & { __inboxListeners?: Map<string, Set<Listener>> };
const listeners = (holder.__inboxListeners ??= new Map());

export function publishArrival(notice: ArrivalNotice): void {
  for (const listener of [...(listeners.get(notice.ownerUserId) ?? [])]) {
    try {
      listener(notice);
    } catch (error) {
      console.error("[inbox] a stream listener failed:", error);
    }
  }
}

/** Calls `listener` for every arrival at this person's inboxes; returns the unsubscribe. */
export function subscribeArrivals(ownerUserId: string, listener: Listener): () => void {
  let set = listeners.get(ownerUserId);
  if (!set) {
    set = new Set();
    listeners.set(ownerUserId, set);
  }
  set.add(listener);
  return () => {
    const current = listeners.get(ownerUserId);
    current?.delete(listener);
    if (current?.size === 0) listeners.delete(ownerUserId);
  };
}
