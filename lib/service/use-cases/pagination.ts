import "server-only";
import { TOTAL_CAP, type CappedPagination, type Pagination } from "@/lib/schemas/list";

/** The `pagination` of a list answer (decisions D6). */
export function pageOf(page: number, pageSize: number, total: number): Pagination {
  return { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) };
}

/** The `pagination` of a list whose total is counted up to TOTAL_CAP: past it, the cap and `total_capped: true`. */
export function cappedPageOf(page: number, pageSize: number, counted: number): CappedPagination {
  const total = Math.min(counted, TOTAL_CAP);
  return { ...pageOf(page, pageSize, total), total_capped: counted > TOTAL_CAP };
}
