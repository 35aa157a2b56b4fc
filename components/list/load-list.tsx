import "server-only";
import { Suspense, type ReactNode } from "react";
import { CreateLink } from "@/components/ui/create-link";
import { TableSkeleton } from "@/components/ui/skeleton";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";
import type { FiltersOf, SearchParamsRecord } from "@/lib/dashboard/list-filters";
import type { ListData, ListSource, Spec } from "./list-source";

/** The source's "New …" link when the person may create here (for the page header and the empty list; the server refuses regardless). */
export async function createLinkFor<S extends Spec, WithTotals extends boolean, Page>({ path, create }: ListSource<S, WithTotals, Page>): Promise<ReactNode> {
  if (!create) return undefined;
  const [environment, actor] = await Promise.all([getEnvironment(), getActor()]);
  return actor !== null && can(actor.role, create.permission, environment) ? <CreateLink href={`${path}/new`}>{create.label}</CreateLink> : undefined;
}

/** The environment, the filters in the URL and the first page through the list action, ready for the list screen. */
export async function loadListData<S extends Spec, WithTotals extends boolean, Page>(
  searchParams: Promise<SearchParamsRecord>,
  { codec, load }: ListSource<S, WithTotals, Page>,
): Promise<ListData<FiltersOf<S>, Page>> {
  const [environment, params] = await Promise.all([getEnvironment(), searchParams]);
  const initialFilters = codec.fromParams(params);
  return { environment, initialFilters, initial: await load(codec.toQuery(initialFilters)) };
}

async function FirstPage<S extends Spec, WithTotals extends boolean, Page>({
  searchParams,
  source,
  children,
}: {
  searchParams: Promise<SearchParamsRecord>;
  source: ListSource<S, WithTotals, Page>;
  children: (data: ListData<FiltersOf<S>, Page>) => ReactNode;
}) {
  return children(await loadListData(searchParams, source));
}

/**
 * A list page's server half (decision D16.7): the page's frame and header go out at once and the
 * list's first page streams in when the API has answered, so the browser lays out the console
 * while the server reads the rows. `children` renders the list screen from the first page.
 */
export function StreamedList<S extends Spec, WithTotals extends boolean, Page>(props: {
  searchParams: Promise<SearchParamsRecord>;
  source: ListSource<S, WithTotals, Page>;
  children: (data: ListData<FiltersOf<S>, Page>) => ReactNode;
}) {
  return (
    <Suspense fallback={<TableSkeleton label={`Loading ${props.source.noun}…`} />}>
      <FirstPage {...props} />
    </Suspense>
  );
}
