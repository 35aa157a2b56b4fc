"use server";

import { setUserDisabledSchema } from "@/lib/auth/forms";
import { countOtherActiveAdmins, findUser, setDisabled } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db/connection";
import { cutOffPerson } from "@/lib/listen/cut-off";
import { consoleAction, refused } from "@/lib/actions/action";

/** Disables a person (their sessions, personal access tokens and listen streams end at once) or enables them again. */
export const setUserDisabled = consoleAction({
  name: "setUserDisabled",
  permission: "users:manage",
  input: setUserDisabledSchema,
  run: async ({ userId, disabled }, { actor }) => {
    const audit = { targetId: userId, detail: disabled ? "disabled" : "enabled" };
    if (userId === actor.userId) return { ...refused("own_account", "You cannot disable your own account."), audit };
    const { db } = await getDatabase();
    const user = await findUser(db, userId);
    if (!user) return { ...refused("not_found", "No such person."), audit };
    if (disabled && user.role === "admin" && (await countOtherActiveAdmins(db, userId)) === 0) {
      return { ...refused("last_admin", "The console needs at least one active administrator."), audit };
    }
    await setDisabled(db, userId, disabled);
    // Tokens are revoked (enabling again does not bring them back); open `listen` streams are told now, on every instance.
    if (disabled) await cutOffPerson(db, userId, "your console account was disabled");
    return { ok: true, data: { userId, disabled }, audit };
  },
});
