import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { inboxes } from "@/lib/inbox/schema";
import { inboxOrigin } from "@/lib/inbox/owner";
import { insertInbox, updateOwnedInbox } from "@/lib/inbox/store";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import type { Executor } from "@/lib/db/database";
import {
  createSettlementRequest,
  createWebhook,
  getWebhook,
  simulateSettlementRequestStatus,
  type ApiFailure,
} from "@/lib/settlement-api";
import { TRIGGER_FLOWS, type TriggerFlow } from "./trigger-names";

/**
 * `settlement-console trigger <flow>` (decisions D18.5): sandbox flows started from the terminal
 * with the person's token, through the console's own sandbox key, each step a real API call (so
 * its events reach every endpoint, the person's listen receiver included).
 */
export type TriggerStep = { what: string; status: string };
export type TriggerResult = {
  flow: TriggerFlow;
  request_id: string;
  request_url: string;
  steps: TriggerStep[];
  note?: string;
};

/** A stablecoin-to-stablecoin request (no bank details to invent): USDC on Solana to a wallet. */
function sampleBody(flow: TriggerFlow): SettlementRequestCreateInput {
  return {
    type: "STABLECOIN_TO_STABLECOIN",
    payment_reason: "PURCHASE_OF_SERVICES",
    amount: "25.00",
    destination: { currency: "USDC", rail: "SOLANA", wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
    external_id: `cli-trigger-${flow}-${Date.now()}`,
  };
}

/** The statuses a completed request passes through, each one a sandbox transition (and an event). */
const TO_COMPLETION = ["FUNDS_SENT", "SETTLEMENT_SENT", "SETTLEMENT_COMPLETED", "REQUEST_COMPLETED"] as const;

export async function runTrigger(
  db: Executor,
  flow: TriggerFlow,
  person: { userId: string },
): Promise<{ ok: true; result: TriggerResult } | { ok: false; error: ApiFailure }> {
  const steps: TriggerStep[] = [];
  let note: string | undefined;
  if (flow === "delivery.failing") {
    const failing = await failingEndpoint(db, person.userId);
    if (!failing.ok) return failing;
    steps.push({ what: `endpoint ${failing.webhookId} answers 500 to settlement_request.created`, status: "ready" });
    note = `Deliveries to ${failing.webhookId} fail and are retried on the schedule: watch them on the Webhooks page.`;
  }
  const created = await createSettlementRequest("sandbox", sampleBody(flow), `cli-trigger-${randomUUID()}`);
  if (!created.ok) return created;
  const id = created.data.id;
  steps.push({ what: "created a STABLECOIN_TO_STABLECOIN request", status: created.data.status });
  const moves: readonly string[] =
    flow === "request.completed" ? TO_COMPLETION : flow === "request.failed" ? ["FUNDS_SENT", "PAYIN_FAILED"] : [];
  for (const status of moves) {
    const moved = await simulateSettlementRequestStatus(
      "sandbox",
      id,
      status === "PAYIN_FAILED"
        ? { status, failure_reason: "Simulated by settlement-console trigger" }
        : { status: status as (typeof TO_COMPLETION)[number] },
    );
    if (!moved.ok) return moved;
    steps.push({ what: `sandbox transition to ${status}`, status: moved.data.status });
  }
  return {
    ok: true,
    result: { flow, request_id: id, request_url: `${inboxOrigin()}/settlement-requests/${id}`, steps, note },
  };
}

const FAILING_NAME = "trigger: failing receiver";

/** The person's receiver that answers 500, registered for settlement_request.created (made once, reused). */
async function failingEndpoint(
  db: Executor,
  userId: string,
): Promise<{ ok: true; webhookId: string } | { ok: false; error: ApiFailure }> {
  const [existing] = await db
    .select()
    .from(inboxes)
    .where(and(eq(inboxes.ownerUserId, userId), eq(inboxes.name, FAILING_NAME)))
    .limit(1);
  if (existing?.webhookId) {
    const found = await getWebhook("sandbox", existing.webhookId);
    if (found.ok) return { ok: true, webhookId: existing.webhookId };
  }
  const inbox = existing ?? (await insertInbox(db, userId, FAILING_NAME));
  const created = await createWebhook("sandbox", {
    url: `${inboxOrigin()}/inbox/${inbox.id}`,
    events: ["settlement_request.created"],
    description: "settlement-console trigger delivery.failing: answers 500",
  });
  if (!created.ok) return created;
  await updateOwnedInbox(db, userId, inbox.id, {
    webhookId: created.data.id,
    environment: "sandbox",
    secret: created.data.secret ?? null,
    responseMode: "error",
  });
  return { ok: true, webhookId: created.data.id };
}

export { TRIGGER_FLOWS };
