"use server";

import { requestAddress } from "@/lib/auth/request-origin";
import { proveSecondFactor as prove } from "@/lib/auth/second-factor";
import { claimPasswordCheck, passwordCheckSucceeded, tooManyAttempts } from "@/lib/auth/throttle";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, refused } from "@/lib/actions/action";
import { codeSchema } from "@/lib/auth/forms";

/**
 * Proves the second factor for this session (issue 43): after the password at sign-in, and again
 * before a production approval (a step-up). A code from the app is accepted once; a recovery
 * code is used up. Throttled with the passwords, and every try is in the audit trail.
 */
export const proveSecondFactor = consoleAction({
  name: "proveSecondFactor",
  permission: "account:session",
  input: codeSchema,
  run: async ({ code }, { actor }) => {
    if (actor.secondFactor === "off" || actor.secondFactor === "setup-required")
      return refused("no_second_factor", "You have no authenticator app set up yet: set one up under Account.");
    const { db } = await getDatabase();
    const address = await requestAddress();
    const audit = { targetId: actor.userId, detail: `from ${address ?? "an unknown address"}` };
    const claim = await claimPasswordCheck(db, `2fa:${actor.email}`, address);
    if (!claim.allowed)
      return { ...refused("too_many_attempts", tooManyAttempts("Too many wrong codes.", claim.waitSeconds)), audit };
    const used = await prove(db, actor, code);
    if (!used) {
      // A recovery code is words and dashes, an app's code digits: the message speaks of the one typed (issue 59).
      const message = /^\d[\d\s]*$/.test(code.trim())
        ? "That code does not match, or was already used. Enter the newest code from your app."
        : "That recovery code does not match, or was already used: each works once. Try another of your recovery codes.";
      return { ...refused("invalid_code", message, { code: message }), audit };
    }
    await passwordCheckSucceeded(db, claim.release);
    const how = used === "app" ? "authenticator app" : "a recovery code";
    return { ok: true, data: { used }, audit: { ...audit, detail: `${audit.detail}; ${how}` } };
  },
});
