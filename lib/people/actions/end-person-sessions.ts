"use server";

import { z } from "@/lib/schemas/zod";
import { endAllSessionsOf } from "@/lib/auth/my-sessions";
import { findUser } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/**
 * An administrator signs a person out everywhere (issue 61): every session of theirs ends on
 * every instance at its next click; their password, role and second factor stay. Asked for in
 * so many words (an empty call changes nothing); one's own sessions are ended on the Account page.
 */
export const endPersonSessions = consoleAction({
  name: "endPersonSessions",
  permission: "users:manage",
  input: z.object({ userId: idSchema, everywhere: z.literal(true, "Say so: everywhere") }),
  run: async ({ userId }, { actor }) => {
    const audit = { targetId: userId };
    if (userId === actor.userId)
      return { ...refused("own_account", "End your own sessions on the Account page."), audit };
    const { db } = await getDatabase();
    if (!(await findUser(db, userId))) return { ...refused("not_found", "No such person."), audit };
    const ended = await endAllSessionsOf(db, userId);
    return { ok: true, data: { ended }, audit: { ...audit, detail: `${ended} session(s) ended` } };
  },
});
