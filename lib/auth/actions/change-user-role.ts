"use server";

import { getDatabase } from "@/lib/db/connection";
import { consoleAction } from "../console-action";
import { changeUserRoleSchema } from "../forms";
import { countOtherActiveAdmins, findUser, setRole } from "../users";

/** Gives a person another role; takes effect on their next request (roles are read per request). */
export const changeUserRole = consoleAction({
  name: "changeUserRole",
  input: changeUserRoleSchema,
  run: async ({ userId, role }, { actor }) => {
    const audit = { targetId: userId };
    if (userId === actor.userId) {
      return {
        ok: false,
        error: { code: "own_account", message: "Ask another administrator to change your own role." },
        audit,
      };
    }
    const { db } = await getDatabase();
    const user = await findUser(db, userId);
    if (!user) return { ok: false, error: { code: "not_found", message: "No such person." }, audit };
    if (
      user.role === "admin" &&
      role !== "admin" &&
      !user.disabled &&
      (await countOtherActiveAdmins(db, userId)) === 0
    ) {
      return {
        ok: false,
        error: { code: "last_admin", message: "The console needs at least one active administrator." },
        audit,
      };
    }
    await setRole(db, userId, role);
    return { ok: true, data: { userId, role }, audit: { ...audit, detail: `role ${user.role} → ${role}` } };
  },
});
