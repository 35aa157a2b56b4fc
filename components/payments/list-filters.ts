/** The payments list's filters as they sit in the URL (browser-safe). */
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/schemas/catalog";
import { PAYMENT_TYPES, type PaymentType } from "@/lib/schemas/enums";

export type PaymentFilters = { page: number; status: PaymentStatus | ""; type: PaymentType | ""; settlement_request_id: string };

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
  };
}

export function filtersToSearch(f: PaymentFilters): string {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.type) p.set("type", f.type);
  if (f.settlement_request_id) p.set("settlement_request_id", f.settlement_request_id);
  if (f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The list action's query: empty filters left out. */
export function toListQuery(f: PaymentFilters) {
  return {
    page: f.page,
    page_size: PAGE_SIZE,
    ...(f.status ? { status: f.status } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.settlement_request_id ? { settlement_request_id: f.settlement_request_id } : {}),
  };
}
