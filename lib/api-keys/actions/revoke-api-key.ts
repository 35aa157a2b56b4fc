"use server";

import { revokeApiKeySchema } from "@/lib/auth/forms";
import { embeddedAdmin, keyAdminFor } from "@/lib/settlement-api/key-admin";
import { consoleAction, refused } from "@/lib/actions/action";

/** Revokes an API key: the service answers 401 to it from the next request on. */
export const revokeApiKey = consoleAction({
  name: "revokeApiKey",
  permission: "keys:manage",
  input: revokeApiKeySchema,
  run: async ({ id, environment }) => {
    // A remote service's key through its admin API; any other, in this console's own table by its id.
    const remote = environment ? keyAdminFor(environment) : null;
    const admin = remote?.where === "remote" ? remote : embeddedAdmin(environment ?? "sandbox");
    const revoked = await admin.revoke(id);
    if (!revoked.ok) return { ...refused(revoked.code, revoked.message), audit: { targetId: id } };
    return {
      ok: true,
      data: { id },
      audit: {
        targetId: id,
        environment: revoked.data.environment,
        detail: `prefix ${revoked.data.prefix}${admin.where === "remote" ? " (remote service)" : ""}`,
      },
    };
  },
});
