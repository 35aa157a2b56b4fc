import { NextResponse } from "next/server";
import { getDatabase } from "@/lib/db/connection";
import { currentOwnerId } from "@/lib/dashboard/inbox/owner";
import { startListening, subscribeArrivals } from "@/lib/dashboard/inbox/pubsub";
import { pullStream, resumeAfter } from "@/lib/dashboard/inbox/sse";
import { hasRegisteredInbox, latestOwnedSeq, listOwnedArrivals } from "@/lib/dashboard/inbox/store";
import type { LiveHello } from "@/lib/dashboard/inbox/types";

export const dynamic = "force-dynamic";

/**
 * The app-wide live stream of the signed-in person: one compact event per arrival at any of
 * their inboxes (what changed, not the payload), after a `hello` saying whether any inbox is
 * registered (without one the browser polls instead). Starts at the newest arrival unless
 * resuming with Last-Event-ID.
 */
export async function GET(request: Request) {
  const owner = await currentOwnerId();
  if (!owner) return NextResponse.json({ error: { code: "unauthorized", message: "Sign in first." } }, { status: 401 });
  const { db } = await getDatabase();
  const hello: LiveHello = { registered: await hasRegisteredInbox(db, owner) };
  const resumed = resumeAfter(request);
  const after = resumed > 0 ? resumed : await latestOwnedSeq(db, owner);
  await startListening();
  return pullStream({
    request,
    after,
    hello: { event: "hello", data: hello },
    pull: async (from) => (await listOwnedArrivals(db, owner, from)).map((a) => ({ id: a.seq, event: "arrival", data: a })),
    subscribe: (wake) => subscribeArrivals(owner, () => wake()),
  });
}
