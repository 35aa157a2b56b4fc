import "server-only";
import { z } from "@/lib/schemas/zod";
import type { Actor } from "@/lib/auth/session";
import { recordDisbursement } from "@/lib/disbursements/store";
import { disbursementSchema } from "@/lib/schemas";
import type { Executor } from "@/lib/db/database";
import { callApi } from "@/lib/settlement-api";
import { nowFor } from "./clock";
import { startApprovedBatch } from "@/lib/batches/submit";
import { BATCH_SUBMISSION_PATH } from "./types";
import { productionApprovalRefusal, type Approver } from "./step-up";
import { finishHeldMoneyCall } from "./money-calls";
import { addPayee } from "./payees";
import { sealSecret } from "@/lib/crypto/secret-box";
import { keyAdminFor } from "@/lib/settlement-api/key-admin";
import { ruleBodySchema } from "./rules";
import {
  saveRule,
  addApproval,
  approvalsOf,
  claimForSending,
  denySubmission,
  expireDue,
  findSubmission,
  finishSending,
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
  options: { confirmed?: boolean; send?: Sender } = {},
): Promise<{ ok: true; row: SubmissionRow } | { ok: false; error: Refusal }> {
  const send = options.send ?? sendStored;
  const row = await findSubmission(db, id);
  if (!row) return refuse("not_found", "No such submission.");
  const now = await nowFor(row.environment);
  const closed = await stillOpen(db, row, now);
  if (closed) return { ok: false, error: closed };
  if (row.submittedBy === actor.userId)
    return refuse("self_approval", "You submitted this: someone else must approve it.");
  if (!row.approverRoles.includes(actor.role))
    return refuse("not_an_approver", `Only ${row.approverRoles.join(" or ")} may approve this.`);
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
      if (after?.status === "sent" || after?.status === "failed") await finishHeldMoneyCall(db, id, after.status);
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

export type Sender = (db: Executor, row: SubmissionRow) => Promise<void>;

/**
 * Sends the stored call as stored and records the answer; a disbursement is also remembered in
 * the console's list. A new payee is the console's own change: it is saved here (its
 * cooling-off period starts now).
 */
export async function sendStored(db: Executor, row: SubmissionRow): Promise<void> {
  if (row.path.startsWith(BATCH_SUBMISSION_PATH)) {
    await startApprovedBatch(db, row);
    return;
  }
  if (row.action === "api_key") {
    const b = (row.body ?? {}) as { environment?: "sandbox" | "production"; label?: string };
    const environment = b.environment ?? row.environment;
    // Where this console manages keys: its own database (embedded) or the remote service's admin API.
    const made = await keyAdminFor(environment).create(b.label);
    await finishSending(
      db,
      row.id,
      made.ok
        ? {
            status: "sent",
            responseStatus: 201,
            response: { id: made.data.id, prefix: made.data.prefix, environment },
            resultId: made.data.id,
            secretSealed: sealSecret(made.data.key),
          }
        : {
            status: "failed",
            responseStatus: null,
            response: { error: { code: made.code, message: made.message } },
            resultId: null,
          },
    );
    return;
  }
  if (row.action === "approval_rule") {
    // A production rule's change, approved by a second administrator: saved now as its next version.
    const b = (row.body ?? {}) as { id?: string; rule?: unknown };
    const parsed = ruleBodySchema.safeParse(b.rule);
    const saved = parsed.success ? await saveRule(db, parsed.data, row.submittedByEmail, b.id) : null;
    await finishSending(
      db,
      row.id,
      saved
        ? {
            status: "sent",
            responseStatus: 200,
            response: { id: saved.id, version: saved.version },
            resultId: saved.id,
          }
        : {
            status: "failed",
            responseStatus: 409,
            response: { error: { message: "The rule could not be saved." } },
            resultId: null,
          },
    );
    return;
  }
  if (row.action === "payee") {
    const b = (row.body ?? {}) as {
      name?: string;
      kind?: "wallet" | "bank";
      currency?: string;
      chain?: string | null;
      address?: string;
    };
    const saved = await addPayee(db, {
      environment: row.environment,
      name: String(b.name ?? ""),
      kind: b.kind === "bank" ? "bank" : "wallet",
      currency: String(b.currency ?? ""),
      chain: b.chain ?? null,
      address: String(b.address ?? ""),
      addedBy: row.submittedByEmail,
    });
    await finishSending(
      db,
      row.id,
      saved
        ? { status: "sent", responseStatus: 201, response: { id: saved.id }, resultId: saved.id }
        : {
            status: "failed",
            responseStatus: 409,
            response: { error: { message: "That address is already in the payee book." } },
            resultId: null,
          },
    );
    return;
  }
  const result = await callApi(row.environment, {
    method: row.method,
    path: row.path,
    body: row.body ?? undefined,
    idempotencyKey: row.idempotencyKey ?? undefined,
    schema: z.unknown(),
  });
  if (!result.ok) {
    const status = result.error.kind === "api" || result.error.kind === "bad_response" ? result.error.status : null;
    await finishSending(db, row.id, {
      status: "failed",
      responseStatus: status,
      response: { error: result.error },
      resultId: null,
    });
    return;
  }
  const data = result.data as { id?: unknown; secret?: unknown };
  // A new endpoint's signing secret is shown once, to the submission's author: sealed, not in the kept answer.
  const secret = typeof data?.secret === "string" ? data.secret : null;
  const kept = secret ? { ...(result.data as object), secret: undefined } : result.data;
  await finishSending(db, row.id, {
    status: "sent",
    responseStatus: result.status,
    response: kept,
    resultId: typeof data?.id === "string" ? data.id : null,
    secretSealed: secret ? sealSecret(secret) : null,
  });
  if (row.action === "disbursement") {
    const parsed = disbursementSchema.safeParse(result.data);
    if (parsed.success) await recordDisbursement(db, row.environment, parsed.data, row.submittedByEmail);
  }
}
