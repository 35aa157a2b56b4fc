"use server";

import { controlled } from "@/lib/approvals/hold";
import { apiKeyAction } from "@/lib/api-keys/controlled-action";
import { createApiKeySchema } from "@/lib/auth/forms";
import { keyAdminFor } from "@/lib/settlement-api/key-admin";
import { consoleAction, refused } from "@/lib/actions/action";

/** Creates an API key for the console's account; the full key is in this answer only (stored hashed). */
export const createApiKey = consoleAction({
  name: "createApiKey",
  permission: "keys:manage",
  input: createApiKeySchema,
  run: async ({ environment, label }) => {
    // Where the keys are: this console's database, the remote service's admin API, or elsewhere (a key made here would answer 401 there).
    const admin = keyAdminFor(environment);
    const made = await admin.create(label);
    if (!made.ok) return refused(made.code, made.message);
    return {
      ok: true,
      data: { ...made.data, environment },
      // The prefix only: the audit writer would redact a full key anyway.
      audit: {
        targetId: made.data.id,
        environment,
        detail: `prefix ${made.data.prefix}${admin.where === "remote" ? " (remote service)" : ""}`,
      },
    };
  },
  // A new key grants access: a rule may hold it; the approval then makes it (decide.ts) and its author reveals it once.
  control: controlled({ api_key: apiKeyAction }, ({ environment, label }) => ({
    action: "api_key",
    call: { method: "POST", path: "console:api-keys", body: { environment, label } },
  })),
});
