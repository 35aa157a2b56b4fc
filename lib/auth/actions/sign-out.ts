"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { recordAudit } from "../audit";
import { getAuth } from "../auth";
import { SIGN_IN_PATH } from "../config";
import { getActor } from "../session";
import { isHttpsRequest } from "../request-origin";

/** Ends this browser's session (deleted from the database) and shows the sign-in page. */
export async function signOut(): Promise<void> {
  const actor = await getActor();
  if (actor) {
    const auth = await getAuth(await isHttpsRequest());
    await auth.api.signOut({ headers: await headers() });
    await recordAudit({ actor, action: "signOut", targetId: actor.userId, result: "ok" });
  }
  redirect(SIGN_IN_PATH);
}
