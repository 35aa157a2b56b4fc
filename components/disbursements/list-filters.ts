/** The disbursements list's filters as they sit in the URL (browser-safe). */
import { dateParam } from "@/lib/dashboard/search-params";
import { STABLECOINS, type Stablecoin } from "@/lib/schemas/catalog";
import { DISBURSEMENT_STATUSES, type DisbursementStatus } from "@/lib/state-machine/disbursements";

export type DisbursementFilters = {
  page: number;
  status: DisbursementStatus | "";
  currency: Stablecoin | "";
  /** Created on or after / on or before these dates (YYYY-MM-DD, UTC), or "". */
  created_from: string;
  created_to: string;
};

export const DISBURSEMENTS_PAGE_SIZE = 20;
export const NO_DISBURSEMENT_FILTERS: DisbursementFilters = { page: 1, status: "", currency: "", created_from: "", created_to: "" };

export const isDisbursementStatus = (v: string): v is DisbursementStatus => (DISBURSEMENT_STATUSES as readonly string[]).includes(v);
export const isStablecoin = (v: string): v is Stablecoin => (STABLECOINS as readonly string[]).includes(v);

export function filtersFromParams(params: Record<string, string | string[] | undefined>): DisbursementFilters {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : "");
  const page = Number.parseInt(one("page"), 10);
  const status = one("status");
  const currency = one("currency");
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    status: isDisbursementStatus(status) ? status : "",
    currency: isStablecoin(currency) ? currency : "",
    created_from: dateParam(params.created_from),
    created_to: dateParam(params.created_to),
  };
}

export function filtersToSearch(f: DisbursementFilters): string {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.currency) p.set("currency", f.currency);
  if (f.created_from) p.set("created_from", f.created_from);
  if (f.created_to) p.set("created_to", f.created_to);
  if (f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The list action's query: empty filters left out; the filtered set's totals with every page. */
export function toListQuery(f: DisbursementFilters, pageSize = DISBURSEMENTS_PAGE_SIZE) {
  return {
    page: f.page,
    page_size: pageSize,
    ...(f.status ? { status: f.status } : {}),
    ...(f.currency ? { currency: f.currency } : {}),
    ...(f.created_from ? { created_from: f.created_from } : {}),
    ...(f.created_to ? { created_to: f.created_to } : {}),
    include: "totals" as const,
  };
}
