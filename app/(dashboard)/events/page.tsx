import { Link } from "@/components/ui/link";
import { EventItem } from "@/components/events/event-item";
import { eventSummary } from "@/components/events/event-summary";
import { FilterInput, FilterSelect } from "@/components/forms/filter-fields";
import { ServiceListStates } from "@/components/list/service-list-states";
import { buttonClasses } from "@/components/ui/button";
import { WebhookIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { findEvents } from "@/lib/page-data/event-search";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { firstParam, oneOfParam } from "@/lib/dashboard/search-params";
import { EVENT_TYPES } from "@/lib/state-machine/webhooks";

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
  // One box (issue 63): an event id, a request (payment, disbursement) id or an external_id; `resource` from older links.
  const query = (firstParam(params.q) || firstParam(params.resource)).trim().slice(0, 128) || undefined;
  const [{ result, takenAs, answers }, environment] = await Promise.all([findEvents(query, type), getEnvironment()]);
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
          name="q"
          label="Event, request or external id"
          value={query}
          placeholder="evt_…, a request or payment id, or an external_id"
          className="min-w-0 flex-1 basis-full sm:max-w-sm sm:basis-auto"
        />
        <button type="submit" className={buttonClasses({ variant: "secondary" })}>
          Filter
        </button>
        {type || query ? (
          <Link href="/events" className="text-sm font-medium text-accent-700 hover:text-accent-800">
            Clear
          </Link>
        ) : null}
      </form>
      {takenAs ? (
        <p className="mb-3 text-sm text-slate-600" data-testid="events-taken-as">
          Events of {takenAs}, with what each endpoint last answered.
        </p>
      ) : null}
      <ServiceListStates
        result={result}
        icon={<WebhookIcon className="size-5" />}
        notOffered="The service this console talks to has no events list."
        failedTitle="Events could not be loaded"
        emptyTitle={type || query ? "No event matches" : "No events yet"}
        emptyText="Events are sent when a request, a payment or a disbursement changes. Create one in the sandbox to see them here."
      >
        {(page) => (
          <ul className="space-y-3" aria-label="Events">
            {page.data.map((event) => (
              <EventItem key={event.id} event={eventSummary(event, answers)} environment={environment} />
            ))}
          </ul>
        )}
      </ServiceListStates>
    </>
  );
}
