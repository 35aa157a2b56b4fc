"use server";

import { revokeConsoleKey } from "@/lib/auth/api-keys";
import { revokeApiKeySchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { adminKeysConfigured, revokeRemoteKey } from "@/lib/settlement-api/admin-keys";
import { consoleAction, refused } from "./action";

/** Revokes an API key: the service answers 401 to it from the next request on. */
export const revokeApiKey = consoleAction({
  name: "revokeApiKey",
  permission: "keys:manage",
  input: revokeApiKeySchema,
  run: async ({ id, environment }) => {
    if (environment && adminKeysConfigured(environment)) {
      const revoked = await revokeRemoteKey(environment, id);
      if (!revoked.ok)
        return {
          ...refused(
            revoked.status === 409 ? "key_in_use" : revoked.status === 404 ? "not_found" : "admin_api_failed",
            revoked.message,
          ),
          audit: { targetId: id },
        };
      return {
        ok: true,
        data: { id },
        audit: { targetId: id, environment, detail: `prefix ${revoked.data.prefix} (remote service)` },
      };
    }
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
