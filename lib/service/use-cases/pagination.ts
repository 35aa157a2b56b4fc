import "server-only";
import type { Pagination } from "@/lib/schemas/list";

/** The `pagination` of a list answer (decisions D6). */
export function pageOf(page: number, pageSize: number, total: number): Pagination {
  return { page, page_size: pageSize, total, total_pages: Math.ceil(total / pageSize) };
}
