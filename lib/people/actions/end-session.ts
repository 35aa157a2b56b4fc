"use server";

import { z } from "@/lib/schemas/zod";
import { endMyOtherSessions, endMySession } from "@/lib/auth/my-sessions";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/** Signs one of one's own sessions out, on every instance (issue 61). The current one: use Sign out. */
export const endSession = consoleAction({
  name: "endSession",
  permission: "account:self",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { actor }) => {
    if (id === actor.sessionId)
      return refused("current_session", "This is the session you are using: sign out instead.");
    const { db } = await getDatabase();
    if (!(await endMySession(db, actor.userId, id))) return refused("not_found", "No such session of yours.");
    return { ok: true, data: null, audit: { targetId: actor.userId, detail: "one session ended" } };
  },
});

/**
 * Signs every other session of one's own out, on every instance. Asked for in so many words: an
 * empty call (a script, a probe) changes nothing.
 */
export const endOtherSessions = consoleAction({
  name: "endOtherSessions",
  permission: "account:self",
  input: z.object({ everywhereElse: z.literal(true, "Say which: everywhereElse") }),
  run: async (_input, { actor }) => {
    const { db } = await getDatabase();
    const ended = await endMyOtherSessions(db, actor.userId, actor.sessionId);
    return { ok: true, data: { ended }, audit: { targetId: actor.userId, detail: `${ended} other session(s) ended` } };
  },
});
