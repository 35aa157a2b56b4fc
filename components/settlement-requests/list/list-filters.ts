/** The list's filters as they sit in the URL (browser-safe). */
import { SANDBOX_SETTLEMENT_STATUSES, type SandboxSettlementStatus } from "@/lib/schemas/catalog";

export type ListFilters = { page: number; status: SandboxSettlementStatus | ""; external_id: string };

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
  };
}

export function filtersToSearch(f: Partial<ListFilters>): string {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.external_id) p.set("external_id", f.external_id);
  if (f.page && f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The list action's query: empty filters left out. */
export function toListQuery(f: ListFilters, pageSize: number) {
  return {
    page: f.page,
    page_size: pageSize,
    ...(f.status ? { status: f.status } : {}),
    ...(f.external_id ? { external_id: f.external_id } : {}),
  };
}

export { isStatus };
export const PAGE_SIZE = 20;
