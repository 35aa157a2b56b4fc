import "server-only";
import type { TokenView } from "@/lib/listen/tokens";
import type { AccessTokenView } from "@/lib/listen/types";

/** A stored token as the browser sees it (dates as ISO text, never the hash). */
export function toTokenView(t: TokenView): AccessTokenView {
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    scopes: t.scopes,
    createdAt: t.createdAt.toISOString(),
    createdBy: t.createdBy,
    expiresAt: t.expiresAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
    revokedAt: t.revokedAt?.toISOString() ?? null,
  };
}
