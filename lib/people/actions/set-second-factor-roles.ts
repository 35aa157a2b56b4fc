"use server";

import { noticeSecondFactorReset } from "@/lib/people/notices";
import { z } from "@/lib/schemas/zod";
import { ROLES } from "@/lib/auth/permissions";
import { removeSecondFactor, setRequiredRoles } from "@/lib/auth/second-factor";
import { findUser } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db/connection";
import { consoleAction, idSchema, refused } from "@/lib/actions/action";

/**
 * The roles that must sign in with a second factor (issue 43). Someone of such a role without
 * one sets it up at their next sign-in, before anything else; sessions already open ask at their
 * next page.
 */
export const setSecondFactorRoles = consoleAction({
  name: "setSecondFactorRoles",
  permission: "users:manage",
  input: z.object({ roles: z.array(z.enum(ROLES)).max(ROLES.length) }),
  run: async ({ roles }, { actor }) => {
    const { db } = await getDatabase();
    await setRequiredRoles(db, roles, actor.email);
    return {
      ok: true,
      data: { roles },
      audit: { detail: roles.length ? `required for ${roles.join(", ")}` : "required for nobody" },
    };
  },
});

/** An administrator removes a person's lost authenticator app: they set up a new one at their next sign-in if their role requires it. */
export const resetSecondFactor = consoleAction({
  name: "resetSecondFactor",
  permission: "users:manage",
  input: z.object({ userId: idSchema }),
  run: async ({ userId }, { actor }) => {
    if (userId === actor.userId)
      return refused("own_account", "Remove your own authenticator app on your Account page, with a code from it.");
    const { db } = await getDatabase();
    const person = await findUser(db, userId);
    if (!person) return refused("not_found", "No such person.");
    // The removal and the person's notice in one transaction.
    await db.transaction(async (tx) => {
      await removeSecondFactor(tx, userId);
      await noticeSecondFactorReset(tx, { userId }, actor, new Date());
    });
    return { ok: true, data: null, audit: { targetId: userId, detail: person.email } };
  },
});
