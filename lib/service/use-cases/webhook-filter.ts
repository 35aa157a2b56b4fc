import "server-only";
import { eventPassesFilter, parseEventFilter, type FilterClause } from "@/lib/schemas/event-filter";
import type {
  WebhookFilter,
  WebhookFilterInput,
  WebhookFilterPreview,
  WebhookFilterPreviewInput,
} from "@/lib/schemas/webhook-filter";
import type { Caller, ServiceDeps } from "../context";
import { invalidField } from "../errors";
import { eventsOfTypesBetween } from "../store/events";
import { updateWebhook, type WebhookRow } from "../store/webhooks";
import { loadWebhook } from "./webhook-view";

/** The events a preview reads at most (the newest of the last day). */
export const PREVIEW_EVENTS = 10_000;

const clausesOf = (condition: string | null): FilterClause[] | null => {
  if (condition === null) return null;
  const parsed = parseEventFilter(condition);
  if (!parsed.ok) throw invalidField("condition", parsed.message);
  return parsed.clauses;
};

export function toFilter(row: WebhookRow): WebhookFilter {
  return { webhook_id: row.id, condition: row.filterText, clauses: row.filter?.all ?? [] };
}

/** GET /v0/webhooks/{id}/filter (extension, decisions D9.16). */
export async function getWebhookFilter(deps: ServiceDeps, caller: Caller, id: string): Promise<WebhookFilter> {
  return toFilter(await loadWebhook(deps.db, caller, id));
}

/**
 * PUT /v0/webhooks/{id}/filter (extension, issue 63): beside its types, the endpoint gets only the
 * events whose data passes the condition (applied when an event fans out: a delivery exists only
 * for those). null: every event of its types.
 */
export async function setWebhookFilter(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookFilterInput,
): Promise<WebhookFilter> {
  const current = await loadWebhook(deps.db, caller, id);
  const clauses = clausesOf(input.condition);
  const row = await updateWebhook(deps.db, current.id, {
    filter: clauses ? { all: clauses } : null,
    filterText: clauses ? (input.condition?.trim() ?? null) : null,
    updatedAt: deps.clock.now(),
  });
  return toFilter(row ?? current);
}

/**
 * POST /v0/webhooks/{id}/filter/preview (extension): of the last 24 hours' events of the endpoint's
 * types (on the account's clock, the newest 10,000 at most), how many the condition lets through.
 */
export async function previewWebhookFilter(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  input: WebhookFilterPreviewInput,
): Promise<WebhookFilterPreview> {
  const webhook = await loadWebhook(deps.db, caller, id);
  const clauses = clausesOf(input.condition) ?? [];
  // The day up to and including this instant (an event made now counts).
  const until = new Date(deps.clock.now().getTime() + 1);
  const since = new Date(until.getTime() - 86_400_000);
  const rows = await eventsOfTypesBetween(
    deps.db,
    caller,
    webhook.events,
    { from: since, to: until },
    PREVIEW_EVENTS + 1,
  );
  const read = rows.slice(0, PREVIEW_EVENTS);
  return {
    since: since.toISOString(),
    until: until.toISOString(),
    events: read.length,
    matched: read.filter((e) => eventPassesFilter(clauses, e.data)).length,
    capped: rows.length > PREVIEW_EVENTS,
  };
}
