"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { getDatabase } from "@/lib/db/connection";
import { getAuth } from "../auth";
import { consoleAction } from "../console-action";
import { changePasswordSchema } from "../forms";
import { isHttpsRequest, requestAddress } from "../request-origin";
import { noteSignInFailure, signInWait } from "../throttle";
import { setMustChangePassword } from "../users";

/**
 * Changes the signed-in person's own password; their other sessions are signed out. It checks
 * the current password, so it shares the sign-in throttle (a stolen session cannot be used to
 * guess the password) and, like every action, the audit trail.
 */
export const changePassword = consoleAction({
  name: "changePassword",
  input: changePasswordSchema,
  run: async ({ currentPassword, newPassword }, { actor }) => {
    const audit = { targetId: actor.userId };
    const { db } = await getDatabase();
    const address = await requestAddress();
    const wait = await signInWait(db, actor.email, address);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      const message = `Too many wrong passwords. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      return { ok: false, error: { code: "too_many_attempts", message }, audit: { ...audit, detail: `from ${address ?? "an unknown address"}` } };
    }
    const auth = await getAuth(await isHttpsRequest());
    try {
      await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: await headers(),
      });
    } catch (error) {
      if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD") {
        await noteSignInFailure(db, actor.email, address);
        const message = "This is not your current password.";
        return { ok: false, error: { code: "invalid_password", message, fields: { currentPassword: message } }, audit };
      }
      throw error;
    }
    if (actor.mustChangePassword) await setMustChangePassword(db, actor.userId, false);
    return { ok: true, data: null, audit };
  },
});
