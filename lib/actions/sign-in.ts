"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { safeNextPath } from "@/lib/auth/config";
import { signInSchema, type SignInInput } from "@/lib/auth/forms";
import { isHttpsRequest, requestAddress } from "@/lib/auth/request-origin";
import { clearSignInFailures, noteSignInFailure, signInWait, tooManyAttempts } from "@/lib/auth/throttle";
import { getDatabase } from "@/lib/db/connection";
import { action, refused } from "./action";
import type { ActionResult } from "./result";

const WRONG = "Email or password is incorrect.";

/**
 * The one path in the console that checks a password against an email: throttled in the
 * database per (email, address), per email and per address (lib/auth/throttle.ts), and every
 * attempt lands in the audit trail (under the email: nobody is signed in yet). Wrong
 * credentials get one message for both cases, so the form does not tell which emails exist.
 */
const checkPassword = action({
  name: "signIn",
  permission: "public",
  kind: "console",
  input: signInSchema,
  run: async (input) => {
    const email = input.email.toLowerCase();
    const address = await requestAddress();
    const audit = { email, detail: `from ${address ?? "an unknown address"}` };
    const { db } = await getDatabase();
    const wait = await signInWait(db, email, address);
    if (wait > 0) {
      console.warn(`[auth] sign-in refused: too many failed attempts (${audit.detail})`);
      return { ...refused("too_many_attempts", tooManyAttempts("Too many failed attempts.", wait)), audit };
    }
    const auth = await getAuth(await isHttpsRequest());
    try {
      const result = await auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: false },
        headers: await headers(),
      });
      await clearSignInFailures(db, email, address);
      return { ok: true, data: null, audit: { ...audit, targetId: result.user.id } };
    } catch (error) {
      if (!isAPIError(error)) throw error;
      if (error.body?.code === "ACCOUNT_DISABLED") {
        return { ...refused("account_disabled", "This account is disabled. Ask an administrator."), audit };
      }
      await noteSignInFailure(db, email, address);
      return { ...refused("invalid_credentials", WRONG, { password: WRONG }), audit };
    }
  },
});

/**
 * Signs in with email and password (the one action open without a session), sets the session
 * cookie and goes on to `next` (a same-origin path); a refusal comes back as the result.
 */
export async function signIn(input: SignInInput, next?: string): Promise<ActionResult<null>> {
  const result = await checkPassword(input);
  if (result.ok) redirect(safeNextPath(next));
  return result;
}
