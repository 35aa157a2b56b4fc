import "server-only";
import { getEvent } from "@/lib/webhook-endpoints/actions/get-event";
import { listEvents } from "@/lib/webhook-endpoints/actions/list-events";
import { listWebhookDeliveries } from "@/lib/webhook-endpoints/actions/list-webhook-deliveries";
import { searchEverything } from "@/lib/search/actions/search-everything";
import type { ActionResult } from "@/lib/dashboard/action-result";
import type { DeliveryAnswer, Event } from "@/lib/schemas/event";
import type { EventType } from "@/lib/state-machine/webhooks";

export interface FoundEvents {
  result: ActionResult<{ data: Event[] }>;
  /** What the query was taken for, in words ("the request of external_id INV-1"); null for an unfiltered list. */
  takenAs: string | null;
  /** Per delivery id, what its endpoint last answered (read only for a search, whose events are few). */
  answers: Record<string, DeliveryAnswer>;
}

/** Past this many deliveries a search does not read each one's last answer (the log has them). */
const MAX_ANSWERS = 40;
const RESOURCE_KINDS = new Set(["settlement_request", "payment", "disbursement", "v1_payment"]);

/**
 * The events page's one search box (issue 63): "did the merchant's server get event X, when, and what
 * did it answer", from an event id, a request (or payment, disbursement) id or a request's
 * external_id. Each read goes through its read action (session, role and environment checked).
 */
export async function findEvents(q: string | undefined, type: EventType | undefined): Promise<FoundEvents> {
  if (!q) return { result: await listEvents({ page_size: 50, type }), takenAs: null, answers: {} };
  if (q.startsWith("evt_")) {
    const one = await getEvent({ id: q });
    const result: FoundEvents["result"] = one.ok
      ? { ok: true, data: { data: [one.data] } }
      : one.error.status === 404
        ? { ok: true, data: { data: [] } }
        : one;
    return { result, takenAs: `the event ${q}`, answers: await lastAnswers(result) };
  }
  const found = await searchEverything({ q });
  const hit = found.ok ? found.data.data.find((r) => RESOURCE_KINDS.has(r.kind)) : undefined;
  const resource = hit?.id ?? q;
  const takenAs =
    hit && hit.match !== "id"
      ? `the ${hit.kind.replaceAll("_", " ")} ${hit.id} (${hit.match.startsWith("external_id") ? "external_id" : hit.match.replaceAll("_", " ")} ${q})`
      : `the resource ${resource}`;
  const result = await listEvents({ page_size: 50, type, resource_id: resource });
  return { result, takenAs, answers: await lastAnswers(result) };
}

async function lastAnswers(result: FoundEvents["result"]): Promise<Record<string, DeliveryAnswer>> {
  if (!result.ok) return {};
  const wanted = result.data.data
    .flatMap((e) => e.deliveries.map((d) => ({ eventId: e.id, webhookId: d.webhook_id, attempts: d.attempts })))
    .filter((d) => d.attempts > 0)
    .slice(0, MAX_ANSWERS);
  const answers: Record<string, DeliveryAnswer> = {};
  await Promise.all(
    wanted.map(async ({ eventId, webhookId }) => {
      const page = await listWebhookDeliveries({ id: webhookId, eventId });
      const delivery = page.ok ? page.data.data[0] : undefined;
      const last = delivery?.attempts.reduce<(typeof delivery.attempts)[number] | null>(
        (latest, a) => (latest === null || a.attempt > latest.attempt ? a : latest),
        null,
      );
      if (delivery && last)
        answers[delivery.id] = {
          at: last.at,
          http_status: last.http_status ?? null,
          response: last.response_body ? last.response_body.slice(0, 140) : null,
          error: last.error ?? null,
        };
    }),
  );
  return answers;
}
