import { NextResponse } from "next/server";
import { recordAudit } from "@/lib/auth/audit";
import { getDatabase } from "@/lib/db/connection";
import { actorOf, authenticateCli, cliError } from "@/lib/listen/bearer";
import { profileOf } from "@/lib/listen/receiver";

export const dynamic = "force-dynamic";

/**
 * GET /api/cli/listen/secret: the person's listen secret, for `listen --print-secret` (their
 * handler verifies forwarded deliveries with it). Only to its own person's token; audited.
 */
export async function GET(request: Request) {
  const auth = await authenticateCli(request, "inbox:manage", "cli.listen_secret");
  if (!auth.ok) return cliError(auth.error);
  const { db } = await getDatabase();
  const profile = await profileOf(db, auth.holder.userId);
  await recordAudit({ actor: actorOf(auth.holder), action: "cli.listen_secret", environment: "sandbox", result: "ok" });
  return NextResponse.json({ secret: profile.secret }, { headers: { "Cache-Control": "no-store" } });
}
