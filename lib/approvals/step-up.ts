import "server-only";
import type { Actor } from "@/lib/auth/session";
import { isFreshProof, stepUpSeconds } from "@/lib/auth/second-factor";
import type { Executor } from "@/lib/db/database";
import { approverWait } from "./approver-wait";
import { deviceBoundApprovers, proofMethod } from "./device-bound";
import { formatUtcMinute } from "@/lib/dashboard/format-date";

/** Who approves, with what their session has proved (lib/auth/session.ts). */
export type Approver = Pick<Actor, "userId" | "email" | "role" | "secondFactor" | "secondFactorAt" | "sessionId">;

/**
 * What a production approval needs besides the rule's roles (issue 43, decisions D19.10): the
 * production confirmation was seen and accepted, the approver's second factor was proved in the
 * last few minutes, and the approver's account is old enough (someone added this morning, say
 * by the submitter, cannot approve), unless they were added while the console was set up
 * (approver-wait.ts). Null: go ahead.
 */
export async function productionApprovalRefusal(
  db: Executor,
  approver: Approver,
  confirmed: boolean,
  now = Date.now(),
): Promise<{ code: string; message: string } | null> {
  if (approver.secondFactor !== "verified")
    return {
      code: "second_factor_required",
      message: "Approving in production needs two-step verification: set up an authenticator app on your Account page.",
    };
  if (!isFreshProof(approver.secondFactorAt, now))
    return {
      code: "step_up_required",
      message: `Enter a code from your authenticator app: a production approval needs one from the last ${
        stepUpSeconds() >= 120 ? `${Math.round(stepUpSeconds() / 60)} minutes` : `${stepUpSeconds()} seconds`
      }.`,
    };
  if ((await deviceBoundApprovers(db)) && (await proofMethod(db, approver.sessionId)) !== "device_passkey")
    return {
      code: "device_bound_key_required",
      message:
        "Your administrator requires production approvals to be confirmed with a passkey bound to one device (a security key, or this device's own key when it is not synced): a code or a synced passkey is not enough. Confirm with such a passkey.",
    };
  if (!confirmed)
    return {
      code: "production_confirmation_required",
      message: "Review what will be sent and confirm the production approval.",
    };
  const wait = await approverWait(db, approver.userId, now);
  if (wait.until)
    return {
      code: "approver_too_new",
      message: `People added less than ${wait.hours} hours ago cannot approve production submissions yet (you can from ${formatUtcMinute(wait.until.getTime())}); the team added while the console was set up is exempt.`,
    };
  return null;
}
