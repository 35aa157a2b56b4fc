import "server-only";
import { controlledAction } from "@/lib/approvals/controlled-action";
import { sendStoredCall, sentOutcome } from "@/lib/approvals/send-stored-call";
import { sealSecret } from "@/lib/crypto/secret-box";
import { z } from "@/lib/schemas/zod";
import { webhookCreateSchema, webhookRotateSchema, webhookUpdateSchema } from "@/lib/schemas/webhook";

/** A held endpoint change: a new endpoint, a change of one, a rotation of its secret, or none (a DELETE has no body). */
const endpointChange = z.union([
  webhookCreateSchema,
  webhookRotateSchema.strict(),
  webhookUpdateSchema,
  z.object({}).strict(),
]);

/**
 * A webhook endpoint's creation, change, secret rotation or deletion as a controlled action: it
 * redirects events (or who can read them), so a rule may hold it. It pays no account. A new
 * secret (a new endpoint's, a rotation's) is shown once, to the submission's author: sealed,
 * never in the kept answer.
 */
export const webhookEndpointAction = controlledAction({
  body: endpointChange,
  facts: (body, call) => {
    if (call.method === "POST")
      return {
        currency: null,
        amount: null,
        destinationType: null,
        label: `Webhook endpoint ${"url" in body ? (body.url ?? "") : ""}`.trim(),
      };
    if (call.path.endsWith("/rotate")) {
      const seconds = "previous_secret_expires_in" in body ? body.previous_secret_expires_in : undefined;
      const endpoint = call.path.replace(/^\/v[01]\/webhooks\//, "").replace(/\/rotate$/, "");
      return {
        currency: null,
        amount: null,
        destinationType: null,
        label: `Roll the signing secret of endpoint ${endpoint}${seconds === 0 ? " (the old one stops at once)" : ` (the old one signs for ${Math.round((seconds ?? 86_400) / 3600)} h more)`}`,
      };
    }
    // A change is named by what it does ("Change endpoint we_…: {"status":"DISABLED"}").
    const what = Object.keys(body).length > 0 ? `: ${JSON.stringify(body).slice(0, 120)}` : "";
    const endpoint = call.path.replace(/^\/v[01]\/webhooks\//, "endpoint ");
    return {
      currency: null,
      amount: null,
      destinationType: null,
      label: `${call.method === "DELETE" ? "Delete" : "Change"} ${endpoint}${what}`,
    };
  },
  destination: () => null,
  send: async (_db, row) => {
    const answer = await sendStoredCall(row);
    if (!answer.ok) return answer.outcome;
    const data = answer.data as { secret?: unknown } | null;
    const secret = typeof data?.secret === "string" ? data.secret : null;
    if (!secret) return sentOutcome(answer.status, answer.data);
    return sentOutcome(answer.status, { ...(answer.data as object), secret: undefined }, sealSecret(secret));
  },
});
