"use server";

import { createConsoleKey } from "@/lib/auth/api-keys";
import { createApiKeySchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { connectionFor, keysManagedHere } from "@/lib/settlement-api/config";
import { action, refused } from "./action";

/** Creates an API key for the console's account; the full key is in this answer only (stored hashed). */
export const createApiKey = action({
  name: "createApiKey",
  permission: "keys:manage",
  kind: "console",
  input: createApiKeySchema,
  run: async ({ environment, label }) => {
    // A remote service never reads this console's keys: a key made here would answer 401 there.
    if (!keysManagedHere(environment)) {
      return refused(
        "keys_managed_remotely",
        `${environment} keys are managed where the remote service runs (${connectionFor(environment).baseUrl}), not in this console.`,
      );
    }
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
