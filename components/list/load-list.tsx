import "server-only";
import { Suspense, type ReactNode } from "react";
import { CreateLink } from "@/components/ui/create-link";
import { TableSkeleton } from "@/components/ui/skeleton";
import { within } from "@/lib/async/within";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import type { FiltersOf, SearchParamsRecord } from "@/lib/dashboard/list-filters";
import type { ListData, ListSource, Spec } from "./list-source";

/** The source's "New …" link when the person may create here (for the page header and the empty list; the server refuses regardless). */
export async function createLinkFor<S extends Spec, WithTotals extends boolean, Page>({
  path,
  create,
}: ListSource<S, WithTotals, Page>): Promise<ReactNode> {
  if (!create) return undefined;
  const [environment, actor] = await Promise.all([getEnvironment(), getActor()]);
  return actor !== null && can(actor.role, create.permission, environment) ? (
    <CreateLink href={`${path}/new`}>{create.label}</CreateLink>
  ) : undefined;
}

/** The environment, the filters in the URL and the first page through the list action, ready for the list screen. */
async function loadListData<S extends Spec, WithTotals extends boolean, Page>(
  searchParams: Promise<SearchParamsRecord>,
  { codec, load }: ListSource<S, WithTotals, Page>,
): Promise<ListData<FiltersOf<S>, Page>> {
  const [environment, params] = await Promise.all([getEnvironment(), searchParams]);
  const initialFilters = codec.fromParams(params);
  return { environment, initialFilters, initial: await load(codec.toQuery(initialFilters)) };
}

/**
 * How long the page waits for the first page of rows before it sends its frame without them.
 * Streamed rows reach the screen well after the frame however fast the API was (React's `$RC`
 * script reveals them on an animation frame and throttles reveals after the first to one per
 * 300 ms; measured in D16.7); rows that come within this wait go out in the same HTML instead.
 */
const INLINE_ROWS_WAIT_MS = 200;

async function FirstPage<F, Page>({
  data,
  children,
}: {
  data: Promise<ListData<F, Page>>;
  children: (data: ListData<F, Page>) => ReactNode;
}) {
  return children(await data);
}

/**
 * A list page's server half (decision D16.7): when the API answers within `INLINE_ROWS_WAIT_MS`
 * the rows go out with the page (the embedded service answers in a few ms); when it is slower,
 * the page's frame and header go out at once and the first page of rows streams in behind a
 * skeleton. `children` renders the list screen from the first page.
 */
export async function StreamedList<S extends Spec, WithTotals extends boolean, Page>({
  searchParams,
  source,
  children,
  waitMs = INLINE_ROWS_WAIT_MS,
}: {
  searchParams: Promise<SearchParamsRecord>;
  source: ListSource<S, WithTotals, Page>;
  children: (data: ListData<FiltersOf<S>, Page>) => ReactNode;
  /** For tests: how long to wait before streaming. */
  waitMs?: number;
}) {
  const data = loadListData(searchParams, source);
  const early = await within(data, waitMs);
  if (early) return children(early);
  return (
    <Suspense fallback={<TableSkeleton label={`Loading ${source.noun}…`} />}>
      <FirstPage data={data}>{children}</FirstPage>
    </Suspense>
  );
}
