"use server";

import { createConsoleKey } from "@/lib/auth/api-keys";
import { createApiKeySchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { adminKeysConfigured, createRemoteKey } from "@/lib/settlement-api/admin-keys";
import { connectionFor, keysManagedHere } from "@/lib/settlement-api/config";
import { consoleAction, refused } from "./action";

/** Creates an API key for the console's account; the full key is in this answer only (stored hashed). */
export const createApiKey = consoleAction({
  name: "createApiKey",
  permission: "keys:manage",
  input: createApiKeySchema,
  run: async ({ environment, label }) => {
    // A remote service keeps its own keys: made through its admin API when this console has the token.
    if (adminKeysConfigured(environment)) {
      const made = await createRemoteKey(environment, label);
      if (!made.ok) return refused(made.status === 404 ? "keys_managed_remotely" : "admin_api_failed", made.message);
      return {
        ok: true,
        data: { ...made.data, environment },
        audit: { targetId: made.data.id, environment, detail: `prefix ${made.data.prefix} (remote service)` },
      };
    }
    // Without it, a key made here would answer 401 there.
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
  // A new key grants access: a rule may hold it; the approval then makes it (decide.ts) and its author reveals it once.
  control: ({ environment, label }) => ({
    action: "api_key",
    call: { method: "POST", path: "console:api-keys", body: { environment, label } },
  }),
});
