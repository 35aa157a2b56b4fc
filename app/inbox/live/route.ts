import { getDatabase } from "@/lib/db/connection";
import { openStreamGrant } from "@/lib/live/stream-guard";
import { startListening, subscribeArrivals } from "@/lib/inbox/pubsub";
import { pullStream, resumeAfter } from "@/lib/inbox/sse";
import { isConsoleEndpoint, startDeliveryResults, subscribeDeliveryResults } from "@/lib/live/delivery-results";
import { ENVIRONMENTS } from "@/lib/schemas/catalog";
import { hasRegisteredInbox, latestOwnedSeq, listOwnedArrivals } from "@/lib/inbox/store";
import type { LiveHello } from "@/lib/inbox/types";
import { consoleError } from "@/lib/http/console-error";

export const dynamic = "force-dynamic";

/**
 * The app-wide live stream of the signed-in person: one compact event per arrival at any of
 * their inboxes (what changed, not the payload), and a `delivery` event when deliveries of one
 * of the console's endpoints changed, after a `hello` saying whether any inbox is
 * registered (without one the browser polls instead). Starts at the newest arrival unless
 * resuming with Last-Event-ID.
 */
export async function GET(request: Request) {
  const grant = await openStreamGrant("read", null);
  if (!("actor" in grant)) return consoleError(grant.status, grant.code, grant.message);
  const owner = grant.actor.userId;
  const { db } = await getDatabase();
  const hello: LiveHello = { registered: await hasRegisteredInbox(db, owner) };
  const resumed = resumeAfter(request);
  const after = resumed > 0 ? resumed : await latestOwnedSeq(db, owner);
  await Promise.all([startListening(), startDeliveryResults()]);
  return pullStream({
    request,
    after,
    stillAllowed: grant.stillAllowed,
    onClose: () => void grant.release().catch(() => undefined),
    hello: { event: "hello", data: hello },
    pull: async (from) =>
      (await listOwnedArrivals(db, owner, from)).map((a) => ({ id: a.seq, event: "arrival", data: a })),
    subscribe: (wake) => subscribeArrivals(owner, () => wake()),
    // Delivery results of the console's own endpoints: the delivery log and endpoint list refresh.
    push: (send) => {
      const stops = ENVIRONMENTS.map((environment) =>
        subscribeDeliveryResults(environment, (notice) => {
          if (!notice) return;
          void isConsoleEndpoint(environment, notice.webhookId)
            .then((ours) => ours && send({ event: "delivery", data: notice }))
            .catch(() => undefined);
        }),
      );
      return () => {
        for (const stop of stops) stop();
      };
    },
  });
}
