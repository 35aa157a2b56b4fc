"use server";

import { createConsoleKey } from "@/lib/auth/api-keys";
import { createApiKeySchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { action } from "./action";

/** Creates an API key for the console's account; the full key is in this answer only (stored hashed). */
export const createApiKey = action({
  name: "createApiKey",
  permission: "keys:manage",
  kind: "console",
  input: createApiKeySchema,
  run: async ({ environment, label }) => {
    const { db } = await getDatabase();
    const created = await createConsoleKey(db, { environment, label });
    return {
      ok: true,
      data: { id: created.id, key: created.key, prefix: created.prefix, environment },
      // The prefix only: the audit writer would redact a full key anyway.
      audit: { targetId: created.id, environment, detail: `prefix ${created.prefix}` },
    };
  },
});
