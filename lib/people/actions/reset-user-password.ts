"use server";

import { getAuth } from "@/lib/auth/auth";
import { resetUserPasswordSchema } from "@/lib/auth/forms";
import { findUser, resetPassword } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db/connection";
import { cutOffPerson } from "@/lib/listen/cut-off";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Gives a person a new one-time password (shown once) and signs them out everywhere: sessions,
 * personal access tokens and open `listen` streams (issue 42: tokens outlived a reset).
 */
export const resetUserPassword = consoleAction({
  name: "resetUserPassword",
  permission: "users:manage",
  input: resetUserPasswordSchema,
  run: async ({ userId }, { actor }) => {
    const audit = { targetId: userId };
    if (userId === actor.userId) return { ...refused("own_account", "Change your own password under Account."), audit };
    const { db } = await getDatabase();
    const user = await findUser(db, userId);
    if (!user) return { ...refused("not_found", "No such person."), audit };
    const password = await resetPassword(await getAuth(), db, userId);
    const cut = await cutOffPerson(db, userId, `password reset by ${actor.email}`);
    return {
      ok: true,
      data: { userId, email: user.email, password },
      audit: { ...audit, detail: `${cut.tokens} token(s) revoked, ${cut.sessions} listen session(s) ended` },
    };
  },
});
