import "server-only";
import { sql } from "drizzle-orm";
import { can, ROLES } from "@/lib/auth/permissions";
import type { Executor } from "@/lib/db/database";
import { formatUtcMinute } from "@/lib/dashboard/format-date";
import { mailLabel } from "@/lib/notices/mail-label";
import { queueNotices } from "@/lib/notices/queue";
import type { Environment } from "@/lib/schemas/catalog";
import type { Event } from "@/lib/schemas/event";

/** The events that tell of an endpoint's health (decisions D9.15). */
export const ENDPOINT_HEALTH_EVENTS = ["webhook_endpoint.failing", "webhook_endpoint.disabled"] as const;

/** How far back a health event is still news: older ones (a console started after a long stop) tell nobody. */
export const ENDPOINT_NEWS_HOURS = 48;

type EndpointData = {
  id?: unknown;
  url?: unknown;
  health?: { failing_since?: unknown; last_failure?: unknown; disable_after_hours?: unknown } | null;
};

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/**
 * An endpoint that keeps failing, or was turned off for it (issue 64): everyone who may manage
 * webhooks in that environment hears it, with the endpoint's URL cut to scheme, host and path,
 * since when it fails, its last failure, and what happens next. The event's id names the notice,
 * so any number of instances reading it tell once.
 */
export async function noticeEndpointHealth(db: Executor, environment: Environment, event: Event): Promise<number> {
  if (!(ENDPOINT_HEALTH_EVENTS as readonly string[]).includes(event.type)) return 0;
  const data = event.data as EndpointData;
  const id = text(data.id);
  if (!id) return 0;
  const url = mailLabel(text(data.url) ?? "(no URL)");
  const since = text(data.health?.failing_since);
  const last = text(data.health?.last_failure);
  const disableAfter = typeof data.health?.disable_after_hours === "number" ? data.health.disable_after_hours : null;
  const disabled = event.type === "webhook_endpoint.disabled";
  const roles = ROLES.filter((r) => can(r, "webhooks:manage", environment));
  const tag = environment === "production" ? "[production] " : "";
  const where = environment === "production" ? "production" : "the sandbox";
  return queueNotices(
    db,
    "endpoint_failing",
    `${environment}:${event.id}`,
    sql`u.role in (${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )})`,
    {
      subject: `${tag}Webhook endpoint ${disabled ? "turned off" : "failing"}: ${url}`,
      body: [
        `Every delivery to ${url} in ${where} has failed${since ? ` since ${formatUtcMinute(since)}` : ""}${last ? ` (last: ${last})` : ""}.`,
        disabled
          ? "The endpoint was turned off by its failure policy. Its events are kept: turn it back on from the Webhooks page, and redrive what it missed."
          : disableAfter === null
            ? "Deliveries keep being retried on their schedule."
            : `Deliveries keep being retried; the endpoint is turned off after ${disableAfter} hours of only failures.`,
      ].join("\n"),
      path: `/webhooks?endpoint=${encodeURIComponent(id)}`,
    },
  );
}

/** The newest health events of one environment, as the events list gives them (newest first). */
export type HealthEventReader = (type: (typeof ENDPOINT_HEALTH_EVENTS)[number]) => Promise<Event[] | null>;

/**
 * One pass (lib/webhook-endpoints/health-notice-job.ts): the newest failing and turned-off events
 * of the environment, those of the last ENDPOINT_NEWS_HOURS told. Reads a page of each type,
 * however long the account's history. Returns how many notices were queued.
 */
export async function tellEndpointHealth(
  db: Executor,
  environment: Environment,
  read: HealthEventReader,
  now: Date,
): Promise<number> {
  const since = now.getTime() - ENDPOINT_NEWS_HOURS * 3_600_000;
  let queued = 0;
  for (const type of ENDPOINT_HEALTH_EVENTS) {
    const events = (await read(type)) ?? [];
    for (const event of events)
      if (Date.parse(event.created_at) >= since) queued += await noticeEndpointHealth(db, environment, event);
  }
  return queued;
}
