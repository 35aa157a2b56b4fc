"use server";

import { revokeAccessTokenSchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { publishStop } from "@/lib/listen/control";
import { revokeToken } from "@/lib/listen/tokens";
import { consoleAction, refused } from "@/lib/actions/action";

/** Revokes one of one's own tokens: refused from the next call on, and its open listen streams end now. */
export const revokeAccessToken = consoleAction({
  name: "revokeAccessToken",
  permission: "tokens:self",
  input: revokeAccessTokenSchema,
  run: async ({ id }, { actor }) => {
    const { db } = await getDatabase();
    const revoked = await revokeToken(db, id, actor.userId, actor.email);
    if (!revoked)
      return { ...refused("not_found", "No working token of yours with that id."), audit: { targetId: id } };
    await publishStop({ userId: actor.userId, tokenId: id, reason: "its token was revoked" });
    return { ok: true, data: { id }, audit: { targetId: id, detail: `prefix ${revoked.prefix}` } };
  },
});
