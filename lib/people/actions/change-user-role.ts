"use server";

import { changeUserRoleSchema } from "@/lib/auth/forms";
import { countOtherActiveAdmins, findUser, setRole } from "@/lib/auth/users";
import { getDatabase } from "@/lib/db/connection";
import { cutOffPerson } from "@/lib/listen/cut-off";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Gives a person another role; takes effect on their next request (roles are read per request).
 * Their personal access tokens are revoked and open `listen` streams end (issue 42): what they
 * were given under the old role does not carry over; they make new ones under the new one.
 */
export const changeUserRole = consoleAction({
  name: "changeUserRole",
  permission: "users:manage",
  input: changeUserRoleSchema,
  run: async ({ userId, role }, { actor }) => {
    const audit = { targetId: userId };
    if (userId === actor.userId) {
      return { ...refused("own_account", "Ask another administrator to change your own role."), audit };
    }
    const { db } = await getDatabase();
    const user = await findUser(db, userId);
    if (!user) return { ...refused("not_found", "No such person."), audit };
    if (
      user.role === "admin" &&
      role !== "admin" &&
      !user.disabled &&
      (await countOtherActiveAdmins(db, userId)) === 0
    ) {
      return { ...refused("last_admin", "The console needs at least one active administrator."), audit };
    }
    await setRole(db, userId, role);
    const cut = await cutOffPerson(db, userId, `role changed by ${actor.email}`);
    return {
      ok: true,
      data: { userId, role },
      audit: { ...audit, detail: `role ${user.role} → ${role}; ${cut.tokens} token(s) revoked` },
    };
  },
});
