"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/auth";
import { SIGN_IN_PATH } from "@/lib/auth/config";
import { isHttpsRequest } from "@/lib/auth/request-origin";
import { z } from "@/lib/schemas/zod";
import { consoleAction } from "@/lib/actions/action";

const endSession = consoleAction({
  name: "signOut",
  permission: "account:session",
  input: z.unknown(),
  run: async (_input, { actor }) => {
    const auth = await getAuth(await isHttpsRequest());
    await auth.api.signOut({ headers: await headers() });
    return { ok: true, data: null, audit: { targetId: actor.userId } };
  },
});

/**
 * Ends this browser's session (deleted from the database) through the one action wrapper, then
 * shows the sign-in page, whether or not a session was still there. A form action: it takes the
 * form's data and ignores it.
 */
export async function signOut(_form?: FormData): Promise<void> {
  await endSession(null);
  redirect(SIGN_IN_PATH);
}
