import { Link } from "@/components/ui/link";
import { ResendDeliveryButton } from "@/components/events/resend-delivery-button";
import { FilterInput, FilterSelect } from "@/components/forms/filter-fields";
import { ServiceListStates } from "@/components/list/service-list-states";
import { RawJsonOnOpen } from "@/components/settlement-requests/detail/raw-json";
import { livePaths } from "@/lib/dashboard/live-paths";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { WebhookIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { listEvents } from "@/lib/actions/list-events";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { firstParam, oneOfParam } from "@/lib/dashboard/search-params";
import { EVENT_TYPES } from "@/lib/schemas/catalog";
import type { Event } from "@/lib/schemas/event";

export const metadata = { title: "Events" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Every event the API sent for this account, newest first, by type or by the resource it is
 * about (a request, payment or disbursement id; a request's id also finds its payments'
 * events), each with its deliveries to every endpoint and its payload (read when opened). Server-rendered: the
 * filters are a plain GET form, so a filtered view is a link.
 */
export default async function EventsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const type = oneOfParam(EVENT_TYPES, params.type);
  const resource = firstParam(params.resource).slice(0, 64) || undefined;
  const [result, environment] = await Promise.all([
    listEvents({ page_size: 50, type, resource_id: resource }),
    getEnvironment(),
  ]);
  return (
    <>
      <PageHeader
        title="Events"
        description="Everything the API notified, newest first: each event's payload and what became of its deliveries."
      />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we serve; a form with role=search is the same landmark */}
      <form method="get" className="mb-6 flex flex-wrap items-end gap-3" role="search" aria-label="Filter events">
        <FilterSelect name="type" label="Type" value={type} options={EVENT_TYPES} anyLabel="Any type" />
        <FilterInput
          name="resource"
          label="Resource id"
          value={resource}
          placeholder="a request, payment or disbursement id"
          className="min-w-0 flex-1 basis-full sm:max-w-sm sm:basis-auto"
        />
        <button type="submit" className={buttonClasses({ variant: "secondary" })}>
          Filter
        </button>
        {type || resource ? (
          <Link href="/events" className="text-sm font-medium text-accent-700 hover:text-accent-800">
            Clear
          </Link>
        ) : null}
      </form>
      <ServiceListStates
        result={result}
        icon={<WebhookIcon className="size-5" />}
        notOffered="The service this console talks to has no events list."
        failedTitle="Events could not be loaded"
        emptyTitle={type || resource ? "No event matches" : "No events yet"}
        emptyText="Events are sent when a request, a payment or a disbursement changes. Create one in the sandbox to see them here."
      >
        {(page) => (
          <ul className="space-y-3" aria-label="Events">
            {page.data.map((event) => (
              <EventRow key={event.id} event={event} environment={environment} />
            ))}
          </ul>
        )}
      </ServiceListStates>
    </>
  );
}

function EventRow({ event, environment }: { event: Event; environment: Environment }) {
  const resourceId = typeof event.data.id === "string" ? event.data.id : null;
  const status = typeof event.data.status === "string" ? event.data.status : null;
  return (
    <li
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]"
      data-testid="event"
      data-event-id={event.id}
    >
      <div className="flex flex-wrap items-center gap-2 px-5 py-3.5">
        <code className="font-mono text-sm font-medium text-slate-900">{event.type}</code>
        {status ? <StatusBadge status={status} /> : null}
        {resourceId ? (
          <Link
            href={`/events?resource=${encodeURIComponent(resourceId)}`}
            className="min-w-0 truncate font-mono text-xs text-accent-700 hover:text-accent-800"
          >
            {resourceId}
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
