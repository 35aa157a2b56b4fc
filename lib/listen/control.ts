import "server-only";
import { channelHub } from "@/lib/live/channel-hub";

/**
 * Ends open listen streams on every console instance at once, through PostgreSQL
 * (LISTEN/NOTIFY, as the inbox's arrivals): a session ended on the Inbox page, a token revoked, a
 * person disabled. Keyed by person; `sessionId` or `tokenId` narrows it, neither means all of
 * the person's streams. A lost notice costs at most the stream's minute check (sse.ts).
 */
export type ListenStop = { userId: string; sessionId?: string; tokenId?: string; reason: string };

export function parseStop(payload: string): ListenStop | null {
  try {
    const v = JSON.parse(payload) as { u?: unknown; s?: unknown; t?: unknown; r?: unknown };
    if (typeof v.u !== "string" || typeof v.r !== "string") return null;
    return {
      userId: v.u,
      sessionId: typeof v.s === "string" ? v.s : undefined,
      tokenId: typeof v.t === "string" ? v.t : undefined,
      reason: v.r,
    };
  } catch {
    return null;
  }
}

export const STOP_CHANNEL = "console_listen_stops";
export const encodeStop = (n: ListenStop): string =>
  JSON.stringify({ u: n.userId, s: n.sessionId, t: n.tokenId, r: n.reason });

const stops = channelHub<ListenStop>({
  channel: STOP_CHANNEL,
  encode: encodeStop,
  decode: parseStop,
  keyOf: (n) => n.userId,
});

export const publishStop = (stop: ListenStop): Promise<void> => stops.publish(stop);
export const startStops = (): Promise<void> => stops.start();
export const stopStops = (): Promise<void> => stops.stop();
/** Calls `onStop` with the reason when a stop concerns this stream. */
export function subscribeStops(
  stream: { userId: string; sessionId: string; tokenId: string },
  onStop: (reason: string) => void,
): () => void {
  return stops.subscribe(stream.userId, (notice) => {
    if (!notice) return;
    if (notice.sessionId && notice.sessionId !== stream.sessionId) return;
    if (notice.tokenId && notice.tokenId !== stream.tokenId) return;
    onStop(notice.reason);
  });
}
