"use server";

import { getDatabase } from "@/lib/db/connection";
import { createConsoleKey } from "../api-keys";
import { consoleAction } from "../console-action";
import { createApiKeySchema } from "../forms";

/** Creates an API key for the console's account; the full key is in this answer only (stored hashed). */
export const createApiKey = consoleAction({
  name: "createApiKey",
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
