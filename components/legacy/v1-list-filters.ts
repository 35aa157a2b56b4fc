/** The /v1 list's filters as they sit in the URL (browser-safe). */
import { V1_PAYMENT_STATUSES, type V1PaymentStatus } from "@/lib/state-machine/v1-payments";

export type V1Filters = { page: number; status: V1PaymentStatus | "" };
export const V1_PAGE_SIZE = 20;

export const isV1Status = (v: string): v is V1PaymentStatus => (V1_PAYMENT_STATUSES as readonly string[]).includes(v);

export function v1FiltersFromParams(params: Record<string, string | string[] | undefined>): V1Filters {
  const one = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : "");
  const page = Number.parseInt(one("page"), 10);
  const status = one("status");
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, status: isV1Status(status) ? status : "" };
}

export function v1FiltersToSearch(f: V1Filters): string {
  const p = new URLSearchParams();
  if (f.status) p.set("status", f.status);
  if (f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function toV1ListQuery(f: V1Filters) {
  return { page: f.page, page_size: V1_PAGE_SIZE, ...(f.status ? { status: f.status } : {}) };
}
