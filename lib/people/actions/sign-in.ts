"use server";

import { isAPIError } from "better-auth/api";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { SIGN_IN_PATH, safeNextPath } from "@/lib/auth/config";
import { isRole } from "@/lib/auth/permissions";
import { requiredRoles } from "@/lib/auth/second-factor";
import { signInSchema, type SignInInput } from "@/lib/auth/forms";
import { isHttpsRequest, requestAddress } from "@/lib/auth/request-origin";
import { claimPasswordCheck, passwordCheckSucceeded, tooManyAttempts } from "@/lib/auth/throttle";
import { getDatabase } from "@/lib/db/connection";
import { isConsoleEmail } from "@/lib/auth/users";
import { deviceOf } from "@/lib/auth/my-sessions";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_SECONDS,
  newDeviceToken,
  noteSignInDevice,
  parseDeviceToken,
} from "@/lib/people/known-devices";
import { noticeNewDeviceSignIn } from "@/lib/people/notices";
import type { Executor } from "@/lib/db/database";
import { consoleAction, refused, type AuditNote } from "@/lib/actions/action";
import type { ActionResult } from "@/lib/dashboard/action-result";

const WRONG = "Email or password is incorrect.";

/**
 * The one path in the console that checks a password against an email: throttled in the
 * database per (email, address), per email and per address (lib/auth/throttle.ts), and every
 * attempt lands in the audit trail (under the email: nobody is signed in yet). Wrong
 * credentials get one message for both cases, so the form does not tell which emails exist.
 */
const checkPassword = consoleAction({
  name: "signIn",
  permission: "public",
  input: signInSchema,
  run: async (input) => {
    const email = input.email.toLowerCase();
    const address = await requestAddress();
    const audit = { email, detail: `from ${address ?? "an unknown address"}` };
    const { db } = await getDatabase();
    // Counted before the password is checked, in one statement: parallel attempts cannot race past it.
    const claim = await claimPasswordCheck(db, email, address);
    if (!claim.allowed) {
      console.warn(`[auth] sign-in refused: too many failed attempts (${audit.detail})`);
      return {
        ...refused("too_many_attempts", tooManyAttempts("Too many failed attempts.", claim.waitSeconds)),
        audit: await failureAudit(db, email, address, audit),
      };
    }
    const https = await isHttpsRequest();
    const auth = await getAuth(https);
    try {
      const result = await auth.api.signInEmail({
        body: { email, password: input.password, rememberMe: false },
        headers: await headers(),
      });
      await passwordCheckSucceeded(db, claim.release);
      await noteBrowser(db, result.user.id, address, https);
      // A second factor to prove, or to set up when the role requires one (issue 43): the
      // session exists but opens nothing else until then (lib/auth/guard.ts).
      const user = result.user as typeof result.user & { role?: string; secondFactorEnabled?: boolean };
      const secondStep =
        user.secondFactorEnabled === true || (isRole(user.role) && (await requiredRoles(db)).includes(user.role));
      return { ok: true, data: { secondStep }, audit: { ...audit, targetId: result.user.id } };
    } catch (error) {
      if (!isAPIError(error)) throw error;
      if (error.body?.code === "ACCOUNT_DISABLED") {
        // The same answer as a wrong password: a different one would tell a guesser that the
        // password was right (issue 42). The audit trail says what it was.
        return {
          ...refused("invalid_credentials", WRONG, { password: WRONG }),
          audit: await failureAudit(db, email, address, {
            ...audit,
            detail: `${audit.detail}; the account is disabled`,
          }),
        };
      }
      return {
        ...refused("invalid_credentials", WRONG, { password: WRONG }),
        audit: await failureAudit(db, email, address, audit),
      };
    }
  },
});

/**
 * The browser of a successful password check (issue 64): known by its `console_device` cookie,
 * given one if it has none. A browser the person never signed in from, when it is not their
 * first, gets them a notice (someone else may hold their password, even before a second factor).
 */
async function noteBrowser(db: Executor, userId: string, address: string | null, https: boolean): Promise<void> {
  const store = await cookies();
  const token = parseDeviceToken(store.get(DEVICE_COOKIE)?.value) ?? newDeviceToken();
  store.set(DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: https,
    path: "/",
    maxAge: DEVICE_COOKIE_SECONDS,
  });
  const device = deviceOf((await headers()).get("user-agent"));
  const seen = await noteSignInDevice(db, userId, token, device, address);
  if (seen.isNew && !seen.firstEver)
    await noticeNewDeviceSignIn(db, { userId }, { device, address, at: new Date(), deviceKey: seen.key });
}

/**
 * A failed or refused sign-in's audit note, rolled up so a flood of guesses cannot flood the
 * trail: for a person of the console, one row per email, address and hour that counts its
 * repeats (issue 42: a refusal costs no password hash, so one row each let anyone write rows at
 * will); for an email that is nobody's, one row per address and hour.
 */
async function failureAudit(db: Executor, email: string, address: string | null, audit: AuditNote): Promise<AuditNote> {
  if (await isConsoleEmail(db, email)) return { ...audit, rollUp: `sign-in:${email}|${address ?? "unknown"}` };
  return {
    ...audit,
    email: "unknown emails",
    rollUp: `sign-in:${address ?? "unknown"}`,
    detail: `from ${address ?? "an unknown address"}`,
  };
}

/**
 * Signs in with email and password (the one action open without a session), sets the session
 * cookie and goes on to `next` (a same-origin path), or back to the sign-in page for the second
 * factor; a refusal comes back as the result.
 */
export async function signIn(input: SignInInput, next?: string): Promise<ActionResult<null>> {
  const result = await checkPassword(input);
  if (!result.ok) return result;
  const target = safeNextPath(next);
  // The sign-in page asks for the code (or the set-up) of a session that owes one.
  redirect(result.data.secondStep ? `${SIGN_IN_PATH}?next=${encodeURIComponent(target)}` : target);
}
