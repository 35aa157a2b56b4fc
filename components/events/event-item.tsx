"use client";

import { ResendDeliveryButton } from "@/components/events/resend-delivery-button";
import { RawJsonOnOpen } from "@/components/settlement-requests/detail/raw-json";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { formatDateTime } from "@/lib/dashboard/format-date";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { livePaths } from "@/lib/dashboard/live-paths";
import type { EventSummary } from "./event-summary";

/**
 * One event of the events page: its type, status and resource, what became of each delivery
 * (with Resend for those who manage webhooks), and its payload read when opened. Rendered here
 * from the summary, so the page's RSC payload carries each event as its few fields rather than
 * as its markup (issue 29, decision D12.20).
 */
export function EventItem({ event, environment }: { event: EventSummary; environment: Environment }) {
  return (
    <li
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]"
      data-testid="event"
      data-event-id={event.id}
    >
      <div className="flex flex-wrap items-center gap-2 px-5 py-3.5">
        <code className="font-mono text-sm font-medium text-slate-900">{event.type}</code>
        {event.status ? <StatusBadge status={event.status} /> : null}
        {event.resource_id ? (
          <Link
            href={`/events?q=${encodeURIComponent(event.resource_id)}`}
            className="min-w-0 truncate font-mono text-xs text-accent-700 hover:text-accent-800"
          >
            {event.resource_id}
          </Link>
        ) : null}
        <span className="ml-auto text-xs text-slate-500">{formatDateTime(event.created_at)}</span>
      </div>
      <div className="space-y-3 border-t border-slate-100 px-5 py-3">
        {event.deliveries.length === 0 ? (
          <p className="text-xs text-slate-500">No endpoint subscribed to this event.</p>
        ) : (
          <ul className="space-y-1 text-xs" aria-label={`Deliveries of ${event.id}`}>
            {event.deliveries.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-2" data-testid="event-delivery">
                <Badge tone={d.status === "SUCCEEDED" ? "success" : d.status === "FAILED" ? "danger" : "warning"}>
                  {d.status.toLowerCase()}
                </Badge>
                <span className="min-w-0 truncate font-mono text-slate-600">{d.url}</span>
                <span className="text-slate-500">
                  {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                  {d.next_attempt_at && d.status === "PENDING" ? `, next ${formatDateTime(d.next_attempt_at)}` : ""}
                </span>
                {d.answer ? (
                  <span className="basis-full text-slate-600 sm:basis-auto" data-testid="delivery-answer">
                    Last answer {formatDateTime(d.answer.at)}:{" "}
                    <span className="font-medium text-slate-800">
                      {d.answer.http_status !== null ? `HTTP ${d.answer.http_status}` : (d.answer.error ?? "no answer")}
                    </span>
                    {d.answer.response ? (
                      <code className="ml-1 font-mono wrap-anywhere text-slate-500">“{d.answer.response}”</code>
                    ) : null}
                  </span>
                ) : d.last_attempt_at ? (
                  <span className="text-slate-500">last attempt {formatDateTime(d.last_attempt_at)}</span>
                ) : null}
                <Link
                  href={`/webhooks?endpoint=${encodeURIComponent(d.webhook_id)}`}
                  className="font-medium text-accent-700 hover:text-accent-800"
                >
                  Delivery log →
                </Link>
                <ResendDeliveryButton
                  environment={environment}
                  webhookId={d.webhook_id}
                  deliveryId={d.id}
                  url={d.url}
                />
              </li>
            ))}
          </ul>
        )}
        <RawJsonOnOpen path={livePaths.event(event.id)} label="Payload" />
      </div>
    </li>
  );
}
