"use server";

import { z } from "@/lib/schemas/zod";
import { assertionOptions, finishAssertion } from "@/lib/auth/passkeys";
import { requestRelyingParty } from "@/lib/auth/request-origin";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, refused } from "@/lib/actions/action";

/** Starts proving the second factor with a passkey (sign-in or a step-up, issue 43). */
export const beginPasskeyProof = consoleAction({
  name: "beginPasskeyProof",
  permission: "account:session",
  input: z.unknown(),
  run: async (_input, { actor }) => {
    if (actor.secondFactor === "off" || actor.secondFactor === "setup-required")
      return refused("no_second_factor", "You have no second factor set up yet.");
    const { db } = await getDatabase();
    const options = await assertionOptions(db, actor, await requestRelyingParty());
    if (options.allowCredentials.length === 0) return refused("no_passkey", "You have no passkey here: use a code.");
    return { ok: true, data: options, audit: { targetId: actor.userId } };
  },
});

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, "Not base64url");

/** Checks the passkey's answer: the session has proved its second factor. Every try is audited. */
export const finishPasskeyProof = consoleAction({
  name: "finishPasskeyProof",
  permission: "account:session",
  input: z.object({
    id: base64url.min(1),
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
  }),
  run: async (answer, { actor }) => {
    if (actor.secondFactor === "off" || actor.secondFactor === "setup-required")
      return refused("no_second_factor", "You have no second factor set up yet.");
    const { db } = await getDatabase();
    const result = await finishAssertion(db, actor, await requestRelyingParty(), answer);
    if (!result.ok) return { ...refused("passkey_refused", result.reason), audit: { targetId: actor.userId } };
    return { ok: true, data: null, audit: { targetId: actor.userId, detail: "a passkey" } };
  },
});
