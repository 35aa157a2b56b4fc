import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "@/lib/db/database";
import { queueNotices } from "@/lib/notices/queue";

/**
 * An administrator removed a person's authenticator app and passkeys (issue 64): the person hears
 * it, whatever their choices (it tells of their account's security), with who did it and what
 * to do if it was not asked for. `at` names the event.
 */
export async function noticeSecondFactorReset(
  db: Executor,
  person: { userId: string },
  by: { email: string },
  at: Date,
): Promise<number> {
  return queueNotices(db, "second_factor_reset", `${person.userId}:${at.toISOString()}`, sql`u.id = ${person.userId}`, {
    subject: "Your two-step verification was reset",
    body: [
      `${by.email} removed your authenticator app and passkeys at ${at.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      "If your role requires a second factor, you set up a new one at your next sign-in.",
      "If you did not ask for this, tell another administrator now and change your password.",
    ].join("\n"),
    path: "/account",
  });
}
