import "server-only";
import { noticeSubmissionDecided } from "./notices";
import { duplicateFlags } from "./money-calls";
import type { Actor } from "@/lib/auth/session";
import type { Executor } from "@/lib/db/database";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { productionApprovalRefusal, type Approver } from "./step-up";
import { finishHeldMoneyCall } from "./money-calls";
import {
  addApproval,
  approvalsOf,
  claimForSending,
  denySubmission,
  expireDue,
  findSubmission,
  type SubmissionRow,
} from "./store";

/**
 * Approving and denying a held submission (decisions D19.3). Nobody approves their own, one
 * person never counts twice, only the roles the rule named may decide. On the last approval the
 * stored call is sent exactly as stored (its Idempotency-Key included) by whoever wins the claim
 * (claimForSending: one statement), so a double click, or two instances at once, send it once.
 */
export type Refusal = { code: string; message: string };

export async function approve(
  db: Executor,
  id: string,
  actor: Approver,
  options: { confirmed?: boolean; duplicateChecked?: boolean; send: Sender },
): Promise<{ ok: true; row: SubmissionRow } | { ok: false; error: Refusal }> {
  const send = options.send;
  const row = await findSubmission(db, id);
  if (!row) return refuse("not_found", "No such submission.");
  const now = await nowFor(row.environment);
  const closed = await stillOpen(db, row, now);
  if (closed) return { ok: false, error: closed };
  if (row.submittedBy === actor.userId)
    return refuse("self_approval", "You submitted this: someone else must approve it.");
  if (!row.approverRoles.includes(actor.role))
    return refuse("not_an_approver", `Only ${row.approverRoles.join(" or ")} may approve this.`);
  // A possible duplicate is acknowledged where the approver decides (issue 59): both of a pair
  // were approved and paid when the warning was only in the queue.
  if (options.duplicateChecked !== true && ((await duplicateFlags(db, [id])).get(id)?.length ?? 0) > 0)
    return refuse(
      "duplicate_unchecked",
      "This may repeat an earlier payment: check it against the earlier one, then tick “I have checked this is not the earlier payment”.",
    );
  if (row.environment === "production") {
    const refusal = await productionApprovalRefusal(db, actor, options.confirmed === true);
    if (refusal) return { ok: false, error: refusal };
  }
  if (!(await addApproval(db, id, actor)))
    return refuse("already_approved", "You have already approved this: it needs another person.");
  const approvals = await approvalsOf(db, [id]);
  if (approvals.length >= row.approvalsRequired) {
    const claimed = await claimForSending(db, id, now);
    if (claimed) {
      await send(db, claimed);
      const after = await findSubmission(db, id);
      if (after?.status === "sent" || after?.status === "failed") {
        await finishHeldMoneyCall(db, id, after.status);
        await noticeSubmissionDecided(db, after, actor);
      }
    }
  }
  return { ok: true, row: (await findSubmission(db, id)) ?? row };
}

export async function deny(
  db: Executor,
  id: string,
  actor: Pick<Actor, "userId" | "email" | "role">,
  reason: string,
): Promise<{ ok: true; row: SubmissionRow } | { ok: false; error: Refusal }> {
  const row = await findSubmission(db, id);
  if (!row) return refuse("not_found", "No such submission.");
  const now = await nowFor(row.environment);
  const closed = await stillOpen(db, row, now);
  if (closed) return { ok: false, error: closed };
  const mine = row.submittedBy === actor.userId;
  if (!mine && !row.approverRoles.includes(actor.role))
    return refuse("not_an_approver", `Only ${row.approverRoles.join(" or ")} may deny this.`);
  const denied = await denySubmission(
    db,
    id,
    actor.email,
    mine ? `Withdrawn by the submitter: ${reason}` : reason,
    now,
  );
  if (!denied) return refuse("already_decided", "This was decided meanwhile.");
  await finishHeldMoneyCall(db, id, "withdrawn");
  // Its author hears of a denial (not of their own withdrawal).
  if (!mine) await noticeSubmissionDecided(db, denied, actor);
  return { ok: true, row: denied };
}

/** A refusal when the submission can no longer be decided (expired now, or decided). */
async function stillOpen(db: Executor, row: SubmissionRow, now: Date): Promise<Refusal | null> {
  if (row.status === "pending" && row.expiresAt <= now) {
    await expireDue(db, row.environment, now);
    return { code: "expired", message: "This submission expired: submit it again if it is still wanted." };
  }
  if (row.status !== "pending") return { code: "already_decided", message: `This submission is ${row.status}.` };
  return null;
}

const refuse = (code: string, message: string) => ({ ok: false as const, error: { code, message } });

/** Sends an approved submission (the console's table of controlled actions: lib/instance/controlled-actions.ts). */
export type Sender = (db: Executor, row: SubmissionRow) => Promise<void>;
