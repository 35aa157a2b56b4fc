import "server-only";
import { channelHub } from "@/lib/live/channel-hub";

/**
 * Inbox arrivals fanned out to every open SSE stream on every console instance, through
 * PostgreSQL's LISTEN/NOTIFY (PGlite's own listen when embedded), keyed by the inbox's owner.
 * A notice carries ids only; each stream reads the rows itself, scoped to its owner, so a lost
 * notice costs a delay, never a message.
 */
export type ArrivalNotice = { ownerUserId: string; inboxId: string; seq: number };

export const LIVE_CHANNEL = "console_inbox_arrivals";

export function parseNotice(payload: string): ArrivalNotice | null {
  try {
    const value = JSON.parse(payload) as { o?: unknown; i?: unknown; s?: unknown };
    if (typeof value.o !== "string" || typeof value.i !== "string" || typeof value.s !== "number") return null;
    return { ownerUserId: value.o, inboxId: value.i, seq: value.s };
  } catch {
    return null;
  }
}

const arrivals = channelHub<ArrivalNotice>({
  channel: LIVE_CHANNEL,
  encode: (n) => JSON.stringify({ o: n.ownerUserId, i: n.inboxId, s: n.seq }),
  decode: parseNotice,
  keyOf: (n) => n.ownerUserId,
});

/** Tells every instance's streams (this one's included) about a stored arrival. */
export const publishArrival = (notice: ArrivalNotice): Promise<void> => arrivals.publish(notice);
/** Starts this process's one LISTEN (once); streams await it before they are handed out. */
export const startListening = (): Promise<void> => arrivals.start();
export const stopListening = (): Promise<void> => arrivals.stop();
/** Calls `listener` for every arrival at this person's inboxes (`null`: catch up); returns the unsubscribe. */
export const subscribeArrivals = (
  ownerUserId: string,
  listener: (notice: ArrivalNotice | null) => void,
): (() => void) => arrivals.subscribe(ownerUserId, listener);
