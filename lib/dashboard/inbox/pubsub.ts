import "server-only";
import { sql } from "drizzle-orm";
import { getDatabase } from "@/lib/db/connection";

/**
 * Inbox arrivals fanned out to every open SSE stream on every console instance, through
 * PostgreSQL's LISTEN/NOTIFY (PGlite's own listen when embedded). A notice carries ids only;
 * each stream reads the rows itself, scoped to its owner, so a lost notice (a dropped listening
 * connection) costs a delay, never a message: after a reconnect every stream pulls again.
 */
export type ArrivalNotice = { ownerUserId: string; inboxId: string; seq: number };
/** `null`: the listening connection was lost and is back; anything may have arrived meanwhile. */
type Listener = (notice: ArrivalNotice | null) => void;

export const LIVE_CHANNEL = "console_inbox_arrivals";

type Hub = { listeners: Map<string, Set<Listener>>; listening?: Promise<void>; stop?: () => Promise<void> };
const holder = globalThis as typeof globalThis & { __inboxHub?: Hub };
const hub: Hub = (holder.__inboxHub ??= { listeners: new Map() });

/** Tells every instance's streams (this one's included) about a stored arrival. */
export async function publishArrival(notice: ArrivalNotice): Promise<void> {
  const { db } = await getDatabase();
  const payload = JSON.stringify({ o: notice.ownerUserId, i: notice.inboxId, s: notice.seq });
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

/** Starts this process's one LISTEN (once); streams await it before they are handed out. */
export function startListening(): Promise<void> {
  hub.listening ??= getDatabase()
    .then((database) => database.listen(LIVE_CHANNEL, { onMessage: dispatch, onReconnect: wakeEveryone }))
    .then((stop) => {
      hub.stop = stop;
    })
    .catch((error: unknown) => {
      hub.listening = undefined;
      throw error;
    });
  return hub.listening;
}

/** Stops listening (graceful shutdown, tests). */
export async function stopListening(): Promise<void> {
  const stop = hub.stop;
  hub.stop = undefined;
  hub.listening = undefined;
  await stop?.();
}

export function parseNotice(payload: string): ArrivalNotice | null {
  try {
    const value = JSON.parse(payload) as { o?: unknown; i?: unknown; s?: unknown };
    if (typeof value.o !== "string" || typeof value.i !== "string" || typeof value.s !== "number") return null;
    return { ownerUserId: value.o, inboxId: value.i, seq: value.s };
  } catch {
    return null;
  }
}

function dispatch(payload: string): void {
  const notice = parseNotice(payload);
  if (!notice) return;
  for (const listener of [...(hub.listeners.get(notice.ownerUserId) ?? [])]) call(listener, notice);
}

function wakeEveryone(): void {
  for (const set of hub.listeners.values()) for (const listener of [...set]) call(listener, null);
}

function call(listener: Listener, notice: ArrivalNotice | null): void {
  try {
    listener(notice);
  } catch (error) {
    console.error("[inbox] a stream listener failed:", error);
  }
}

/** Calls `listener` for every arrival at this person's inboxes; returns the unsubscribe. */
export function subscribeArrivals(ownerUserId: string, listener: Listener): () => void {
  let set = hub.listeners.get(ownerUserId);
  if (!set) {
    set = new Set();
    hub.listeners.set(ownerUserId, set);
  }
  set.add(listener);
  return () => {
    const current = hub.listeners.get(ownerUserId);
    current?.delete(listener);
    if (current?.size === 0) hub.listeners.delete(ownerUserId);
  };
}
