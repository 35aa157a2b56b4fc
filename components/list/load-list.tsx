import "server-only";
import type { ReactNode } from "react";
import { CreateLink } from "@/components/ui/create-link";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";
import type { FiltersOf, SearchParamsRecord } from "@/lib/dashboard/list-filters";
import type { ListData, ListSource, Spec } from "./list-source";

/**
 * A list page's server half: the environment, the filters in the URL and the first page through
 * the list action, ready for its list screen; and the source's "New …" link when the person may
 * create here (for the page header and the empty list; the server refuses regardless).
 */
export async function loadList<S extends Spec, WithTotals extends boolean, Page>(
  searchParams: Promise<SearchParamsRecord>,
  { path, codec, load, create }: ListSource<S, WithTotals, Page>,
): Promise<{ data: ListData<FiltersOf<S>, Page>; createLink: ReactNode }> {
  const [environment, params, actor] = await Promise.all([getEnvironment(), searchParams, create ? getActor() : null]);
  const initialFilters = codec.fromParams(params);
  const initial = await load(codec.toQuery(initialFilters));
  const canCreate = create !== undefined && actor !== null && can(actor.role, create.permission, environment);
  return { data: { environment, initialFilters, initial }, createLink: canCreate ? <CreateLink href={`${path}/new`}>{create.label}</CreateLink> : undefined };
}
