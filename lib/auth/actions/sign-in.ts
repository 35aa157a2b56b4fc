"use server";

import { isAPIError } from "better-auth/api";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDatabase } from "@/lib/db/connection";
import { observed } from "@/lib/ops/observe";
import type { ConsoleActionResult } from "../action-result";
import { recordAudit } from "../audit";
import { getAuth } from "../auth";
import { safeNextPath } from "../config";
import { invalidInput } from "../console-action";
import { signInSchema, type SignInInput } from "../forms";
import { isHttpsRequest, requestAddress } from "../request-origin";
import { clearSignInFailures, noteSignInFailure, signInWait } from "../throttle";

const WRONG = "Email or password is incorrect.";

/**
 * Signs in with email and password (the one action open without a session), sets the session
 * cookie and goes on to `next` (a same-origin path). Wrong credentials get one message for
 * both cases, so the form does not tell which emails exist. The only path in the console that
 * checks a password against an email: throttled in the database per (email, address), per email
 * and per address (lib/auth/throttle.ts), and every attempt lands in the audit trail.
 */
export async function signIn(input: SignInInput, next?: string): Promise<ConsoleActionResult<never>> {
  return observed("signIn", () => attemptSignIn(input, next));
}

async function attemptSignIn(input: SignInInput, next?: string): Promise<ConsoleActionResult<never>> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    return invalidInput(parsed.error.issues);
  }
  const email = parsed.data.email.toLowerCase();
  const address = await requestAddress();
  const detail = `from ${address ?? "an unknown address"}`;
  const { db } = await getDatabase();
  const wait = await signInWait(db, email, address);
  if (wait > 0) {
    await recordAudit({ actor: null, email, action: "signIn", result: "too_many_attempts", detail });
    console.warn(`[auth] sign-in refused: too many failed attempts (${detail})`);
    const minutes = Math.ceil(wait / 60);
    return {
      ok: false,
      error: {
        code: "too_many_attempts",
        message: `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      },
    };
  }

  const auth = await getAuth(await isHttpsRequest());
  try {
    const result = await auth.api.signInEmail({
      body: { email, password: parsed.data.password, rememberMe: false },
      headers: await headers(),
    });
    await clearSignInFailures(db, email, address);
    await recordAudit({ actor: null, email, action: "signIn", targetId: result.user.id, result: "ok", detail });
  } catch (error) {
    if (!isAPIError(error)) throw error;
    const disabled = error.body?.code === "ACCOUNT_DISABLED";
    if (!disabled) await noteSignInFailure(db, email, address);
    await recordAudit({
      actor: null,
      email,
      action: "signIn",
      result: disabled ? "account_disabled" : "invalid_credentials",
      detail,
    });
    if (disabled) {
      return {
        ok: false,
        error: { code: "account_disabled", message: "This account is disabled. Ask an administrator." },
      };
    }
    return { ok: false, error: { code: "invalid_credentials", message: WRONG, fields: { password: WRONG } } };
  }
  redirect(safeNextPath(next));
}
