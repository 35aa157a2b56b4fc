import "server-only";
import { z } from "@/lib/schemas/zod";
import { callApi } from "@/lib/settlement-api";
import type { SendOutcome } from "./controlled-action";
import type { SubmissionRow } from "./store";

/** The API's answer to a stored call: its data, or the failure as the submission records it. */
export type StoredCallAnswer = { ok: true; status: number; data: unknown } | { ok: false; outcome: SendOutcome };

/**
 * Sends a held API call exactly as stored: method, path, body and Idempotency-Key (decisions
 * D19.3), so a call approved twice, or retried, is one call at the service.
 */
export async function sendStoredCall(row: SubmissionRow): Promise<StoredCallAnswer> {
  const result = await callApi(row.environment, {
    method: row.method,
    path: row.path,
    body: row.body ?? undefined,
    idempotencyKey: row.idempotencyKey ?? undefined,
    schema: z.unknown(),
  });
  if (result.ok) return { ok: true, status: result.status, data: result.data };
  const status = result.error.kind === "api" || result.error.kind === "bad_response" ? result.error.status : null;
  return {
    ok: false,
    outcome: { status: "failed", responseStatus: status, response: { error: result.error }, resultId: null },
  };
}

/** A sent call's outcome: the answer kept, its `id` as the result. */
export function sentOutcome(status: number, data: unknown, secretSealed: string | null = null): SendOutcome {
  const id = (data as { id?: unknown } | null)?.id;
  return {
    status: "sent",
    responseStatus: status,
    response: data,
    resultId: typeof id === "string" ? id : null,
    secretSealed,
  };
}

/** The plain API entries' sender: send as stored, keep the answer. */
export async function sendAsStored(row: SubmissionRow): Promise<SendOutcome> {
  const answer = await sendStoredCall(row);
  return answer.ok ? sentOutcome(answer.status, answer.data) : answer.outcome;
}
