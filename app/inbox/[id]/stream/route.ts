import { getDatabase } from "@/lib/db/connection";
import { openStreamGrant } from "@/lib/live/stream-guard";
import { startListening, subscribeArrivals } from "@/lib/inbox/pubsub";
import { pullStream, resumeAfter } from "@/lib/inbox/sse";
import { findOwnedInbox, listOwnedMessages, toMessageView } from "@/lib/inbox/store";
import { consoleError } from "@/lib/http/console-error";

export const dynamic = "force-dynamic";

/**
 * Server-sent events of one inbox, for its owner only: every message after Last-Event-ID (or
 * ?after=), then each new one as it arrives. `id` of each event is the message's seq.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const grant = await openStreamGrant("inbox:manage", "sandbox");
  if (!("actor" in grant)) return consoleError(grant.status, grant.code, grant.message);
  const owner = grant.actor.userId;
  const { db } = await getDatabase();
  // Someone else's inbox answers exactly like one that does not exist.
  if (!(await findOwnedInbox(db, owner, id))) {
    await grant.release();
    return consoleError(404, "not_found", "No such inbox.");
  }
  await startListening();
  return pullStream({
    request,
    after: resumeAfter(request),
    stillAllowed: grant.stillAllowed,
    onClose: () => void grant.release().catch(() => undefined),
    pull: async (after) =>
      (await listOwnedMessages(db, owner, id, { afterSeq: after })).map((row) => ({
        id: row.seq,
        event: "message",
        data: toMessageView(row),
      })),
    subscribe: (wake) => subscribeArrivals(owner, (notice) => (notice === null || notice.inboxId === id) && wake()),
  });
}
