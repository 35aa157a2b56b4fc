"use server";

import { getDatabase } from "@/lib/db/connection";
import { getAuth } from "../auth";
import { consoleAction } from "../console-action";
import { resetUserPasswordSchema } from "../forms";
import { findUser, resetPassword } from "../users";

/** Gives a person a new one-time password (shown once) and signs them out everywhere. */
export const resetUserPassword = consoleAction({
  name: "resetUserPassword",
  input: resetUserPasswordSchema,
  run: async ({ userId }, { actor }) => {
    const audit = { targetId: userId };
    if (userId === actor.userId) {
      return { ok: false, error: { code: "own_account", message: "Change your own password under Account." }, audit };
    }
    const { db } = await getDatabase();
    const user = await findUser(db, userId);
    if (!user) return { ok: false, error: { code: "not_found", message: "No such person." }, audit };
    const password = await resetPassword(await getAuth(), db, userId);
    return { ok: true, data: { userId, email: user.email, password }, audit };
  },
});
