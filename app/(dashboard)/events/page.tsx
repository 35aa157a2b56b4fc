import { Link } from "@/components/ui/link";
import { EventItem } from "@/components/events/event-item";
import { eventSummary } from "@/components/events/event-summary";
import { FilterInput, FilterSelect } from "@/components/forms/filter-fields";
import { ServiceListStates } from "@/components/list/service-list-states";
import { buttonClasses } from "@/components/ui/button";
import { WebhookIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { listEvents } from "@/lib/actions/list-events";
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
              <EventItem key={event.id} event={eventSummary(event)} environment={environment} />
            ))}
          </ul>
        )}
      </ServiceListStates>
    </>
  );
}
