/** The list's filters as they sit in the URL (browser-safe). */
import { dateParam } from "@/lib/dashboard/search-params";
import { SANDBOX_SETTLEMENT_STATUSES, type SandboxSettlementStatus } from "@/lib/state-machine/statuses";

export type ListFilters = {
  page: number;
  status: SandboxSettlementStatus | "";
  external_id: string;
  /** Created on or after this date (YYYY-MM-DD, UTC), or "". */
  created_from: string;
  /** Created on or before this date (its whole day, UTC), or "". */
  created_to: string;
};

function isStatus(v: string): v is SandboxSettlementStatus {
  return (SANDBOX_SETTLEMENT_STATUSES as readonly string[]).includes(v);
}


export function filtersFromParams(params: Record<string, string | string[] | undefined>): ListFilters {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : "");
  const page = Number.parseInt(one("page"), 10);
  const status = one("status");
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    status: isStatus(status) ? status : "",
    external_id: one("external_id").slice(0, 255),
    created_from: dateParam(params.created_from),
    created_to: dateParam(params.created_to),
  };
}

export function filtersToSearch(f: Partial<ListFilters>): string {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.external_id) p.set("external_id", f.external_id);
  if (f.created_from) p.set("created_from", f.created_from);
  if (f.created_to) p.set("created_to", f.created_to);
  if (f.page && f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The list action's query: empty filters left out; the totals of the filtered set with every page. */
export function toListQuery(f: ListFilters, pageSize: number) {
  return {
    page: f.page,
    page_size: pageSize,
    ...(f.status ? { status: f.status } : {}),
    ...(f.external_id ? { external_id: f.external_id } : {}),
    ...(f.created_from ? { created_from: f.created_from } : {}),
    ...(f.created_to ? { created_to: f.created_to } : {}),
    include: "totals" as const,
  };
}

export { isStatus };
export const PAGE_SIZE = 20;
