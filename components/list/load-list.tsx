import "server-only";
import type { ReactNode } from "react";
import { CreateLink } from "@/components/ui/create-link";
import type { ActionResult } from "@/lib/actions/result";
import { can, type Permission } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";
import type { FilterField, ListFiltersCodec, QueryOf, SearchParamsRecord } from "@/lib/dashboard/list-filters";
import type { ListData } from "./list-screen";

/**
 * A list page's server half: the environment, the filters in the URL and the first page through
 * the list action, ready for its list screen; with `create`, the "New …" link when the person
 * may create here (for the page header and the empty list; the server refuses regardless).
 */
export async function loadList<S extends Record<string, FilterField<string>>, WithTotals extends boolean, Page>(
  searchParams: Promise<SearchParamsRecord>,
  codec: ListFiltersCodec<S, WithTotals>,
  load: (query: QueryOf<S, WithTotals>) => Promise<ActionResult<Page>>,
  create?: { permission: Permission; href: string; label: string },
): Promise<{ data: ListData<ReturnType<typeof codec.fromParams>, Page>; createLink: ReactNode }> {
  const [environment, params, actor] = await Promise.all([getEnvironment(), searchParams, create ? getActor() : null]);
  const initialFilters = codec.fromParams(params);
  const initial = await load(codec.toQuery(initialFilters));
  const canCreate = create !== undefined && actor !== null && can(actor.role, create.permission, environment);
  return { data: { environment, initialFilters, initial }, createLink: canCreate ? <CreateLink href={create.href}>{create.label}</CreateLink> : undefined };
}
