"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { getDatabase } from "@/lib/db/connection";
import { getAuth } from "../auth";
import { consoleAction } from "../console-action";
import { changePasswordSchema } from "../forms";
import { setMustChangePassword } from "../users";
import { isHttpsRequest } from "../request-origin";

/** Changes the signed-in person's own password; their other sessions are signed out. */
export const changePassword = consoleAction({
  name: "changePassword",
  input: changePasswordSchema,
  run: async ({ currentPassword, newPassword }, { actor }) => {
    const auth = await getAuth(await isHttpsRequest());
    try {
      await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: await headers(),
      });
    } catch (error) {
      if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD") {
        const message = "This is not your current password.";
        return {
          ok: false,
          error: { code: "invalid_password", message, fields: { currentPassword: message } },
          audit: { targetId: actor.userId },
        };
      }
      throw error;
    }
    if (actor.mustChangePassword) await setMustChangePassword((await getDatabase()).db, actor.userId, false);
    return { ok: true, data: null, audit: { targetId: actor.userId } };
  },
});
