"use server";

import { endListenSessionSchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { publishStop } from "@/lib/listen/control";
import { endSession } from "@/lib/listen/sessions";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Ends a listening session: an administrator any person's, anyone else their own. Its stream
 * ends on whichever instance holds it, and the CLI stops (it does not reconnect).
 */
export const endListenSession = consoleAction({
  name: "endListenSession",
  permission: "tokens:self",
  input: endListenSessionSchema,
  run: async ({ id }, { actor }) => {
    const { db } = await getDatabase();
    const by = actor.role === "admin" ? null : actor.userId;
    const reason = `ended by ${actor.email} on the Inbox page`;
    const ended = await endSession(db, id, by, reason);
    if (!ended) return { ...refused("not_found", "No open listening session with that id."), audit: { targetId: id } };
    await publishStop({ userId: ended.userId, sessionId: id, reason });
    return { ok: true, data: { id }, audit: { targetId: id, environment: "sandbox" } };
  },
});
