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

/**
 * A sign-in to a person's account from a browser they never signed in from (issue 64): they hear
 * it, whatever their choices, with the browser, the address and the time, and what to do if it
 * was not them. `deviceKey` names the browser (never the token itself).
 */
export async function noticeNewDeviceSignIn(
  db: Executor,
  person: { userId: string },
  sign: { device: string; address: string | null; at: Date; deviceKey: string },
): Promise<number> {
  return queueNotices(db, "new_device_sign_in", `${person.userId}:${sign.deviceKey}`, sql`u.id = ${person.userId}`, {
    subject: "A new sign-in to your console account",
    body: [
      "Your console account was signed in to from a browser it had not seen before:",
      `${sign.device}, from ${sign.address ?? "an unknown address"}, at ${sign.at.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      "If this was you, there is nothing to do.",
      "If it was not: change your password now, end that session on your Account page, and tell an administrator.",
    ].join("\n"),
    path: "/account",
  });
}
