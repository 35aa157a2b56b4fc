"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { getAuth } from "@/lib/auth/auth";
import { changePasswordSchema } from "@/lib/auth/forms";
import { isHttpsRequest, requestAddress } from "@/lib/auth/request-origin";
import { claimPasswordCheck, passwordCheckSucceeded, tooManyAttempts } from "@/lib/auth/throttle";
import { setMustChangePassword } from "@/lib/auth/users";
import { forgetFirstAdminPassword } from "@/lib/auth/bootstrap";
import { env } from "@/lib/env";
import { getDatabase } from "@/lib/db/connection";
import { carryProof } from "@/lib/auth/second-factor";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Changes the signed-in person's own password; their other sessions are signed out. It checks
 * the current password, so it shares the sign-in throttle (a stolen session cannot be used to
 * guess the password) and, like every action, the audit trail.
 */
export const changePassword = consoleAction({
  name: "changePassword",
  permission: "account:self",
  input: changePasswordSchema,
  run: async ({ currentPassword, newPassword }, { actor }) => {
    const audit = { targetId: actor.userId };
    const { db } = await getDatabase();
    const address = await requestAddress();
    const claim = await claimPasswordCheck(db, actor.email, address);
    if (!claim.allowed) {
      const detail = `from ${address ?? "an unknown address"}`;
      return {
        ...refused("too_many_attempts", tooManyAttempts("Too many wrong passwords.", claim.waitSeconds)),
        audit: { ...audit, detail },
      };
    }
    const auth = await getAuth(await isHttpsRequest());
    try {
      await auth.api.changePassword({
        body: { currentPassword, newPassword, revokeOtherSessions: true },
        headers: await headers(),
      });
    } catch (error) {
      if (isAPIError(error) && error.body?.code === "INVALID_PASSWORD") {
        const message = "This is not your current password.";
        return { ...refused("invalid_password", message, { currentPassword: message }), audit };
      }
      throw error;
    }
    await passwordCheckSucceeded(db, claim.release);
    // The new session better-auth made keeps this one's proof of the second factor (issue 43).
    if (actor.secondFactorAt) await carryProof(db, actor.userId, actor.secondFactorAt);
    if (actor.mustChangePassword) await setMustChangePassword(db, actor.userId, false);
    const forgot = forgetFirstAdminPassword(env().DATA_DIR, actor.email);
    return {
      ok: true,
      data: null,
      audit: forgot ? { ...audit, detail: "the first-admin password file was deleted" } : audit,
    };
  },
});
