import { NextResponse } from "next/server";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId } from "@/lib/dashboard/inbox/owner";
import { startListening, subscribeArrivals } from "@/lib/dashboard/inbox/pubsub";
import { pullStream, resumeAfter } from "@/lib/dashboard/inbox/sse";
import { findOwnedInbox, listOwnedMessages, toMessageView } from "@/lib/dashboard/inbox/store";

export const dynamic = "force-dynamic";

/**
 * Server-sent events of one inbox, for its owner only: every message after Last-Event-ID (or
 * ?after=), then each new one as it arrives. `id` of each event is the message's seq.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const owner = await currentOwnerId();
  if (!owner) return NextResponse.json({ error: { code: "unauthorized", message: "Sign in first." } }, { status: 401 });
  const { db } = await getDatabase();
  // Someone else's inbox answers exactly like one that does not exist.
  if (!(await findOwnedInbox(db, owner, id))) return NextResponse.json({ error: { code: "not_found", message: "No such inbox." } }, { status: 404 });
  await startListening();
  return pullStream({
    request,
    after: resumeAfter(request),
    pull: async (after) =>
      (await listOwnedMessages(db, owner, id, { afterSeq: after })).map((row) => ({ id: row.seq, event: "message", data: toMessageView(row) })),
    subscribe: (wake) => subscribeArrivals(owner, (notice) => (notice === null || notice.inboxId === id) && wake()),
  });
}
