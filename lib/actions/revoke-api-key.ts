"use server";

import { revokeConsoleKey } from "@/lib/auth/api-keys";
import { revokeApiKeySchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { action, refused } from "./action";

/** Revokes an API key: the service answers 401 to it from the next request on. */
export const revokeApiKey = action({
  name: "revokeApiKey",
  permission: "keys:manage",
  kind: "console",
  input: revokeApiKeySchema,
  run: async ({ id }) => {
    const { db } = await getDatabase();
    const outcome = await revokeConsoleKey(db, id);
    if (!outcome.ok) return { ...refused(outcome.error.code, outcome.error.message), audit: { targetId: id } };
    return {
      ok: true,
      data: { id },
      audit: { targetId: id, environment: outcome.key.environment, detail: `prefix ${outcome.key.prefix}` },
    };
  },
});
