"use server";

import { createAccessTokenSchema } from "@/lib/auth/forms";
import { getDatabase } from "@/lib/db/connection";
import { parseDuration, TOKEN_LIFETIME } from "@/lib/listen/duration";
import { createToken, listTokens } from "@/lib/listen/tokens";
import type { AccessTokenView } from "@/lib/listen/types";
import { consoleAction, refused } from "@/lib/actions/action";
import { toTokenView } from "@/lib/listen/actions/token-view";

/** Most tokens one person may hold unrevoked at once. */
const MOST_ACTIVE = 20;

/**
 * A personal access token for `settlement-console listen` and `trigger` (sandbox only): shown
 * once in the answer, stored as a hash.
 */
export const createAccessToken = consoleAction({
  name: "createAccessToken",
  permission: "tokens:self",
  input: createAccessTokenSchema,
  run: async ({ name, expires }, { actor }) => {
    const { db } = await getDatabase();
    const lifetime = parseDuration(expires, TOKEN_LIFETIME.most);
    if (!lifetime.ok) return refused("invalid_input", lifetime.message, { expires: lifetime.message });
    const active = (await listTokens(db, actor.userId, MOST_ACTIVE + 1)).filter(
      (t) => !t.revokedAt && t.expiresAt > new Date(),
    );
    if (active.length >= MOST_ACTIVE)
      return refused("token_limit", `You hold ${MOST_ACTIVE} working tokens, the most at once. Revoke one first.`);
    const { token, view } = await createToken(db, {
      userId: actor.userId,
      name,
      expiresInSeconds: lifetime.seconds,
      createdBy: actor.email,
    });
    const data: { token: string; view: AccessTokenView } = { token, view: toTokenView(view) };
    return {
      ok: true,
      data,
      audit: { targetId: view.id, detail: `"${name}", expires ${view.expiresAt.toISOString()}` },
    };
  },
});
