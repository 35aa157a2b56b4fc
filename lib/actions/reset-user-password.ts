"use server";

import { getAuth } from "@/lib/auth/auth";
import { resetUserPasswordSchema } from "@/lib/auth/forms";
import { findUser, resetPassword } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, refused } from "./action";

/** Gives a person a new one-time password (shown once) and signs them out everywhere. */
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
    return { ok: true, data: { userId, email: user.email, password }, audit };
  },
});
