"use server";

import { getAuth } from "../auth";
import { consoleAction } from "../console-action";
import { createUserSchema } from "../forms";
import { createUser as create } from "../users";

/** Adds a person with a role; the answer carries their one-time password (shown once, never stored). */
export const createUser = consoleAction({
  name: "createUser",
  input: createUserSchema,
  run: async (input) => {
    const created = await create(await getAuth(), input);
    if (!created.ok) {
      return {
        ok: false,
        error: { ...created.error, fields: { email: created.error.message } },
        audit: { detail: `role ${input.role}` },
      };
    }
    return {
      ok: true,
      data: { id: created.user.id, email: created.user.email, password: created.password },
      audit: { targetId: created.user.id, detail: `role ${input.role}` },
    };
  },
});
