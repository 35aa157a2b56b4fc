"use server";

import { getDatabase } from "@/lib/db/connection";
import { revokeConsoleKey } from "../api-keys";
import { consoleAction } from "../console-action";
import { revokeApiKeySchema } from "../forms";

/** Revokes an API key: the service answers 401 to it from the next request on. */
export const revokeApiKey = consoleAction({
  name: "revokeApiKey",
  input: revokeApiKeySchema,
  run: async ({ id }) => {
    const { db } = await getDatabase();
    const outcome = await revokeConsoleKey(db, id);
    if (!outcome.ok) return { ok: false, error: outcome.error, audit: { targetId: id } };
    return {
      ok: true,
      data: { id },
      audit: { targetId: id, environment: outcome.key.environment, detail: `prefix ${outcome.key.prefix}` },
    };
  },
});
