/** The payments list's filters as they sit in the URL (browser-safe). */
import { dateParam } from "@/lib/dashboard/search-params";
import { PAYMENT_STATUSES, type PaymentStatus, PAYMENT_TYPES, type PaymentType } from "@/lib/state-machine/statuses";

export type PaymentFilters = {
  page: number;
  status: PaymentStatus | "";
  type: PaymentType | "";
  settlement_request_id: string;
  /** Created on or after / on or before these dates (YYYY-MM-DD, UTC), or "". */
  created_from: string;
  created_to: string;
};


export const PAGE_SIZE = 20;

export const isPaymentStatus = (v: string): v is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(v);
export const isPaymentType = (v: string): v is PaymentType => (PAYMENT_TYPES as readonly string[]).includes(v);

export function filtersFromParams(params: Record<string, string | string[] | undefined>): PaymentFilters {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : "");
  const page = Number.parseInt(one("page"), 10);
  const status = one("status");
  const type = one("type");
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    status: isPaymentStatus(status) ? status : "",
    type: isPaymentType(type) ? type : "",
    settlement_request_id: one("settlement_request_id").trim().slice(0, 64),
    created_from: dateParam(params.created_from),
    created_to: dateParam(params.created_to),
  };
}

export function filtersToSearch(f: PaymentFilters): string {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.type) p.set("type", f.type);
  if (f.settlement_request_id) p.set("settlement_request_id", f.settlement_request_id);
  if (f.created_from) p.set("created_from", f.created_from);
  if (f.created_to) p.set("created_to", f.created_to);
  if (f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The list action's query: empty filters left out; the filtered set's totals with every page. */
export function toListQuery(f: PaymentFilters, pageSize = PAGE_SIZE) {
  return {
    page: f.page,
    page_size: pageSize,
    ...(f.status ? { status: f.status } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.settlement_request_id ? { settlement_request_id: f.settlement_request_id } : {}),
    ...(f.created_from ? { created_from: f.created_from } : {}),
    ...(f.created_to ? { created_to: f.created_to } : {}),
    include: "totals" as const,
  };
}
