"use server";

import { z } from "@/lib/schemas/zod";
import { finishRegistration, registrationOptions, removePasskey as remove } from "@/lib/auth/passkeys";
import { requestRelyingParty } from "@/lib/auth/request-origin";
import { isFreshProof } from "@/lib/auth/second-factor";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

const NEEDS_APP = "Set up the authenticator app first: its recovery codes cover a lost passkey too.";

/** Starts adding a passkey (issue 43): for a session that proved its second factor. */
export const beginPasskeySetup = consoleAction({
  name: "beginPasskeySetup",
  permission: "account:self",
  input: z.unknown(),
  run: async (_input, { actor }) => {
    if (actor.secondFactor !== "verified") return refused("no_second_factor", NEEDS_APP);
    const { db } = await getDatabase();
    return {
      ok: true,
      data: await registrationOptions(db, actor, await requestRelyingParty()),
      audit: { targetId: actor.userId },
    };
  },
});

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, "Not base64url");

/** Keeps the passkey the browser made, once its answer checks out. */
export const finishPasskeySetup = consoleAction({
  name: "finishPasskeySetup",
  permission: "account:self",
  input: z.object({
    name: z.string().trim().min(1, "Name the passkey").max(60, "Use at most 60 characters"),
    answer: z.object({
      id: base64url.min(1, "No credential id"),
      clientDataJSON: base64url,
      attestationObject: base64url,
    }),
  }),
  run: async ({ name, answer }, { actor }) => {
    if (actor.secondFactor !== "verified") return refused("no_second_factor", NEEDS_APP);
    const { db } = await getDatabase();
    const result = await finishRegistration(db, actor, await requestRelyingParty(), answer, name);
    if (!result.ok) return { ...refused("passkey_refused", result.reason), audit: { targetId: actor.userId } };
    return { ok: true, data: result.passkey, audit: { targetId: actor.userId, detail: `passkey “${name}”` } };
  },
});

/** Removes one of one's passkeys, with a proof of the second factor from the last few minutes. */
export const removePasskey = consoleAction({
  name: "removePasskey",
  permission: "account:self",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { actor }) => {
    if (!isFreshProof(actor.secondFactorAt))
      return refused("step_up_required", "Prove your second factor first: removing a passkey needs a fresh proof.");
    const { db } = await getDatabase();
    if (!(await remove(db, actor.userId, id))) return refused("not_found", "No such passkey of yours.");
    return { ok: true, data: null, audit: { targetId: actor.userId } };
  },
});
