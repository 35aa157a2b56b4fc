"use server";

import { z } from "@/lib/schemas/zod";
import { requestAddress } from "@/lib/auth/request-origin";
import { beginSetup, confirmSetup } from "@/lib/auth/second-factor";
import { claimPasswordCheck, passwordCheckSucceeded, tooManyAttempts } from "@/lib/auth/throttle";
import { getDatabase } from "@/lib/db/connection";
import { codeSchema } from "@/lib/auth/forms";
import { consoleAction, refused } from "@/lib/actions/action";

/** What the set-up shows once: the key to type into an authenticator app, and its otpauth link. */
export type SecondFactorSetup = { secret: string; uri: string };

/**
 * Starts setting up an authenticator app (issue 43): open to a session that has none yet,
 * including one whose role requires it and has just signed in with the password.
 */
export const beginSecondFactorSetup = consoleAction({
  name: "beginSecondFactorSetup",
  permission: "account:session",
  input: z.unknown(),
  run: async (_input, { actor }) => {
    if (actor.secondFactor === "pending" || actor.secondFactor === "verified")
      return refused("already_set_up", "You already have an authenticator app. Remove it first to set up another.");
    if (actor.mustChangePassword) return refused("password_first", "Choose your own password first.");
    const { db } = await getDatabase();
    const setup = await beginSetup(db, actor);
    if (!setup) return refused("already_set_up", "You already have an authenticator app.");
    return { ok: true, data: setup satisfies SecondFactorSetup, audit: { targetId: actor.userId } };
  },
});

/**
 * Confirms the app with its first code: the second factor is on, this session has proved it,
 * and the ten recovery codes come back, the only time they are shown. Wrong codes count against
 * the same throttle as passwords (a code has a million values, not more).
 */
export const confirmSecondFactorSetup = consoleAction({
  name: "confirmSecondFactorSetup",
  permission: "account:session",
  input: codeSchema,
  run: async ({ code }, { actor }) => {
    if (actor.mustChangePassword) return refused("password_first", "Choose your own password first.");
    const { db } = await getDatabase();
    const address = await requestAddress();
    const claim = await claimPasswordCheck(db, `2fa:${actor.email}`, address);
    if (!claim.allowed)
      return refused("too_many_attempts", tooManyAttempts("Too many wrong codes.", claim.waitSeconds));
    const codes = await confirmSetup(db, actor, code);
    if (!codes) {
      const message = "That code does not match. Check the app shows “Settlement Console” and try the newest code.";
      return { ...refused("invalid_code", message, { code: message }), audit: { targetId: actor.userId } };
    }
    await passwordCheckSucceeded(db, claim.release);
    return { ok: true, data: { recoveryCodes: codes }, audit: { targetId: actor.userId, detail: "authenticator app" } };
  },
});
