"use server";

import { getAuth } from "@/lib/auth/auth";
import { createUserSchema } from "@/lib/auth/forms";
import { createUser as create } from "@/lib/auth/users";
import { consoleAction, refused } from "@/lib/actions/action";

/** Adds a person with a role; the answer carries their one-time password (shown once, never stored). */
export const createUser = consoleAction({
  name: "createUser",
  permission: "users:manage",
  input: createUserSchema,
  run: async (input) => {
    const created = await create(await getAuth(), input);
    const detail = `role ${input.role}`;
    if (!created.ok) {
      const { code, message } = created.error;
      return { ...refused(code, message, { email: message }), audit: { targetId: null, detail } };
    }
    return {
      ok: true,
      data: { id: created.user.id, email: created.user.email, password: created.password },
      audit: { targetId: created.user.id, detail },
    };
  },
});
