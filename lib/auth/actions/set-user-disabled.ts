"use server";

import { getDatabase } from "@/lib/db/connection";
import { consoleAction } from "../console-action";
import { setUserDisabledSchema } from "../forms";
import { countOtherActiveAdmins, findUser, setDisabled } from "../users";

/** Disables a person (their sessions end at once) or enables them again. */
export const setUserDisabled = consoleAction({
  name: "setUserDisabled",
  input: setUserDisabledSchema,
  run: async ({ userId, disabled }, { actor }) => {
    const audit = { targetId: userId, detail: disabled ? "disabled" : "enabled" };
    if (userId === actor.userId) {
      return { ok: false, error: { code: "own_account", message: "You cannot disable your own account." }, audit };
    }
    const { db } = await getDatabase();
    const user = await findUser(db, userId);
    if (!user) return { ok: false, error: { code: "not_found", message: "No such person." }, audit };
    if (disabled && user.role === "admin" && (await countOtherActiveAdmins(db, userId)) === 0) {
      return {
        ok: false,
        error: { code: "last_admin", message: "The console needs at least one active administrator." },
        audit,
      };
    }
    await setDisabled(db, userId, disabled);
    return { ok: true, data: { userId, disabled }, audit };
  },
});
