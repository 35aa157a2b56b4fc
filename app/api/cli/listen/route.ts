import { recordAudit } from "@/lib/auth/audit";
import { getDatabase } from "@/lib/db/connection";
import { startListening, subscribeArrivals } from "@/lib/inbox/pubsub";
import { pullStream, resumeAfter } from "@/lib/inbox/sse";
import { claimStreamSlot, MAX_STREAMS_PER_PERSON, releaseStream, touchStream } from "@/lib/live/stream-guard";
import { actorOf, authenticateCli, cliError } from "@/lib/listen/bearer";
import { startStops, subscribeStops } from "@/lib/listen/control";
import { arrivalsAfter, deliveryFrame, lastSeqBefore } from "@/lib/listen/frames";
import { ensureReceiver, newSessionId } from "@/lib/listen/receiver";
import { findSession, openSession, touchSession } from "@/lib/listen/sessions";
import { parseStreamQuery } from "@/lib/listen/stream-query";
import { tokenStillValid } from "@/lib/listen/tokens";
import type { ListenHello } from "@/lib/listen/types";
import { CATCH_UP } from "@/lib/listen/duration";

export const dynamic = "force-dynamic";

/** The CLI sends its session id back on a reconnect: one session across sleeps and restarts of the app. */
const SESSION_HEADER = "x-listen-session";

/**
 * GET /api/cli/listen: the `settlement-console listen` stream (decisions D18). Server-sent
 * events of the person's sandbox events, from their listen receiver: a `hello`, then one
 * `delivery` per event (SSE id = the receiver's seq), a heartbeat every 15 s, and `end` when
 * the session is ended for good. Where it starts: after Last-Event-ID (a reconnect), else
 * `since` ago, else after what the person's CLI last forwarded (a restart), else now; never
 * more than a day back.
 */
export async function GET(request: Request) {
  const auth = await authenticateCli(request, "inbox:manage", "cli.listen");
  if (!auth.ok) return cliError(auth.error);
  const holder = auth.holder;
  const parsed = parseStreamQuery(new URL(request.url).searchParams);
  if (!parsed.ok)
    return cliError({ status: 400, code: "invalid_query", message: `${parsed.field}: ${parsed.message}` });
  const { query } = parsed;
  const { db } = await getDatabase();

  const asked = request.headers.get(SESSION_HEADER);
  let sessionId: string;
  const resumedSession =
    asked && /^lsn_[A-Za-z0-9_-]{16}$/.test(asked) ? await findSession(db, asked, holder.userId) : null;
  if (resumedSession?.endedAt) {
    return cliError({
      status: 410,
      code: "session_ended",
      message: `This listening session was ended: ${resumedSession.endedReason ?? "ended"}.`,
    });
  }

  const ready = await ensureReceiver(db, { userId: holder.userId, email: holder.email });
  if (!ready.ok)
    return cliError({
      status: 409,
      code: "receiver_unavailable",
      message: `The sandbox could not register your listen receiver: ${ready.error.message}`,
    });
  const { inbox, profile } = ready.receiver;

  const streamId = crypto.randomUUID();
  if (!(await claimStreamSlot(db, holder.userId, streamId))) {
    return cliError({
      status: 429,
      code: "too_many_streams",
      message: `At most ${MAX_STREAMS_PER_PERSON} live streams (browser tabs and listeners) at once.`,
      retryAfterSeconds: 30,
    });
  }
  if (resumedSession) {
    sessionId = resumedSession.id;
    await touchSession(db, sessionId);
  } else {
    sessionId = newSessionId();
    await openSession(db, {
      id: sessionId,
      userId: holder.userId,
      tokenId: holder.tokenId,
      forwardTo: query.forwardTo,
      eventTypes: query.eventTypes,
    });
    await recordAudit({
      actor: actorOf(holder),
      action: "cli.listen",
      environment: "sandbox",
      targetId: sessionId,
      result: "ok",
      detail: `forwarding to ${query.forwardTo}`,
    });
  }

  const now = new Date();
  const oldest = await lastSeqBefore(db, inbox.id, new Date(now.getTime() - CATCH_UP.seconds * 1000));
  const lastEventId = resumeAfter(request);
  let after: number;
  let start: ListenHello["start"];
  if (lastEventId > 0) {
    after = lastEventId;
    start = "last-event-id";
  } else if (query.sinceSeconds !== null) {
    after = await lastSeqBefore(db, inbox.id, new Date(now.getTime() - query.sinceSeconds * 1000));
    start = "since";
  } else if (profile.forwardedSeq > 0) {
    after = profile.forwardedSeq;
    start = "resume";
  } else {
    after = await lastSeqBefore(db, inbox.id, new Date(now.getTime() + 1000));
    start = "now";
  }
  after = Math.max(after, oldest);

  await Promise.all([startListening(), startStops()]);
  const hello: ListenHello = {
    session_id: sessionId,
    person: holder.email,
    after,
    start,
    event_types: query.eventTypes,
  };
  return pullStream({
    request,
    after,
    hello: { event: "hello", data: hello },
    stillAllowed: async () =>
      (await tokenStillValid(db, holder.tokenId)) &&
      (await touchSession(db, sessionId)) &&
      (await touchStream(db, streamId)),
    onClose: () => void releaseStream(db, streamId).catch(() => undefined),
    pull: async (from) =>
      (await arrivalsAfter(db, inbox.id, from, query.eventTypes)).map((row) => ({
        id: row.seq,
        event: "delivery",
        data: deliveryFrame(row, profile.secret, new Date()),
      })),
    subscribe: (wake) =>
      subscribeArrivals(holder.userId, (notice) => (notice === null || notice.inboxId === inbox.id) && wake()),
    push: (send, close) =>
      subscribeStops({ userId: holder.userId, sessionId, tokenId: holder.tokenId }, (reason) => {
        send({ event: "end", data: { reason } });
        close();
      }),
  });
}
