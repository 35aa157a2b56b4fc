import { Link } from "@/components/ui/link";
import { FilterInput, FilterSelect } from "@/components/forms/filter-fields";
import { ServiceListStates } from "@/components/list/service-list-states";
import { buttonClasses } from "@/components/ui/button";
import { RequestsIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { CallDetails } from "@/components/request-log/call-details";
import { listRequestLogs } from "@/lib/request-log/actions/list-request-logs";
import { firstParam, oneOfParam } from "@/lib/dashboard/search-params";
import {
  CONSOLE_USER_AGENT_PREFIX,
  LOGGED_METHODS,
  STATUS_CLASSES,
  type RequestLogListEntry,
} from "@/lib/schemas/request-log";

export const metadata = { title: "Request log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Every API call the console's account made (the key's account and environment), newest first:
 * filters by status class, method, path (a prefix ending in *), idempotency key and resource;
 * each call with the replay flag and a link to its resource; opened, both bodies and "Copy as
 * curl" with the key as a placeholder (read then: components/request-log/call-details.tsx).
 * Server-rendered: a filtered view is a link. `also` (up to two
 * more ids, comma-separated) adds calls that addressed related resources: a request's page
 * links here with its payments, so the sandbox PATCHes of its payments are among its calls.
 */
export default async function RequestLogPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const filters = {
    status: oneOfParam(STATUS_CLASSES, params.status),
    method: oneOfParam(LOGGED_METHODS, params.method),
    path: firstParam(params.path).slice(0, 512) || undefined,
    idempotency_key: firstParam(params.idempotency_key).slice(0, 255) || undefined,
    resource_id: firstParam(params.resource).slice(0, 64) || undefined,
  };
  const filtered = Object.values(filters).some(Boolean);
  // The console's own calls (its reads, the sandbox clock) are hidden unless asked for, or unless
  // the view is one resource's or one key's calls, where they are the story (issue 35, finding 22).
  const consoleAsked = firstParam(params.console) === "1";
  const consoleShown = consoleAsked || Boolean(filters.resource_id || filters.idempotency_key);
  const also = filters.resource_id
    ? firstParam(params.also)
        .split(",")
        .map((id) => id.trim().slice(0, 64))
        .filter(Boolean)
        .slice(0, 2)
    : [];
  const result = await listCalls(
    { ...filters, ...(consoleShown ? {} : { user_agent_not: CONSOLE_USER_AGENT_PREFIX }) },
    also,
  );
  return (
    <>
      <PageHeader
        title="Request log"
        description="Every API call made with this environment's key: what was sent, what came back, how long it took."
      />
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers we serve; a form with role=search is the same landmark */}
      <form
        method="get"
        className="mb-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
        role="search"
        aria-label="Filter the request log"
      >
        <FilterSelect name="status" label="Status" value={filters.status} options={STATUS_CLASSES} />
        <FilterSelect name="method" label="Method" value={filters.method} options={LOGGED_METHODS} />
        <FilterInput name="path" label="Path" value={filters.path} placeholder="/v0/settlement-requests*" />
        <FilterInput name="idempotency_key" label="Idempotency key" value={filters.idempotency_key} />
        <FilterInput name="resource" label="Resource id" value={filters.resource_id} />
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2 lg:col-span-2">
          <input
            type="checkbox"
            name="console"
            value="1"
            defaultChecked={consoleShown}
            className="size-4 rounded border-slate-300"
          />
          Include the console's own calls
        </label>
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClasses({ variant: "secondary" })}>
            Filter
          </button>
          {filtered ? (
            <Link href="/request-log" className="text-sm font-medium text-accent-700 hover:text-accent-800">
              Clear
            </Link>
          ) : null}
        </div>
      </form>
      {also.length > 0 ? (
        <p className="-mt-3 mb-4 text-sm text-slate-600" data-testid="request-log-also">
          With the calls that addressed its payments: <span className="font-mono text-xs">{also.join(", ")}</span>
        </p>
      ) : null}
      <ServiceListStates
        result={result}
        icon={<RequestsIcon className="size-5" />}
        notOffered="The service this console talks to keeps no request log."
        failedTitle="The request log could not be loaded"
        emptyTitle={filtered ? "No call matches" : "No calls yet"}
        emptyText={
          consoleShown
            ? "Calls made with this environment's key show here, the console's own included."
            : "Calls made with this environment's key show here; the console's own are hidden unless you include them."
        }
      >
        {(page) => (
          <ul className="space-y-2" aria-label="API calls">
            {page.data.map((entry) => (
              <CallRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </ServiceListStates>
    </>
  );
}

/** The calls for the filters, and for each related id with the same filters, newest first. */
async function listCalls(filters: Parameters<typeof listRequestLogs>[0] & object, also: string[]) {
  const [main, ...related] = await Promise.all([
    listRequestLogs({ page_size: 50, ...filters }),
    ...also.map((resource_id) => listRequestLogs({ page_size: 50, ...filters, resource_id })),
  ]);
  if (!main.ok || related.length === 0) return main;
  const entries = [main, ...related].flatMap((r) => (r.ok ? r.data.data : []));
  const newestFirst = [...new Map(entries.map((e) => [e.id, e])).values()]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 50);
  return { ...main, data: { ...main.data, data: newestFirst } };
}

function CallRow({ entry }: { entry: RequestLogListEntry }) {
  const { request_body: _request, response_body: _response, ...summary } = entry;
  return (
    <li
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]"
      data-testid="api-call"
    >
      <CallDetails entry={summary} />
    </li>
  );
}
