import "server-only";
import type { ActionResult } from "@/lib/actions/result";
import { can, type Permission } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";
import type { FilterField, ListFiltersCodec, QueryOf, SearchParamsRecord } from "@/lib/dashboard/list-filters";
import type { ListData } from "./list-screen";

/**
 * A list page's server half: the environment, the filters in the URL and the first page through
 * the list action, ready for its list screen; with `createPermission`, whether the person may
 * create here (the "New …" links; the server refuses regardless).
 */
export async function loadList<S extends Record<string, FilterField<string>>, WithTotals extends boolean, Page>(
  searchParams: Promise<SearchParamsRecord>,
  codec: ListFiltersCodec<S, WithTotals>,
  load: (query: QueryOf<S, WithTotals>) => Promise<ActionResult<Page>>,
  createPermission?: Permission,
): Promise<{ data: ListData<ReturnType<typeof codec.fromParams>, Page>; canCreate: boolean }> {
  const [environment, params, actor] = await Promise.all([getEnvironment(), searchParams, createPermission ? getActor() : null]);
  const initialFilters = codec.fromParams(params);
  const initial = await load(codec.toQuery(initialFilters));
  const canCreate = createPermission !== undefined && actor !== null && can(actor.role, createPermission, environment);
  return { data: { environment, initialFilters, initial }, canCreate };
}
