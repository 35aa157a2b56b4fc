/**
 * Lists (decisions D6): page / page_size query and the envelope every list returns.
 */
import { z } from "@/lib/schemas/zod";
import { SANDBOX_SETTLEMENT_STATUSES } from "./catalog";
import { enumMessage, externalId } from "./common";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1).meta({ description: "1-indexed page number" }),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .meta({ description: `Items per page, 1–${MAX_PAGE_SIZE}` }),
};

export const paginationQuerySchema = z.object(pageQuery);
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

/** GET /v0/settlement-requests query. */
export const settlementRequestListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(SANDBOX_SETTLEMENT_STATUSES, { error: enumMessage(SANDBOX_SETTLEMENT_STATUSES) }).optional(),
  external_id: externalId.optional().meta({ description: "Exact match" }),
});
export type SettlementRequestListQuery = z.output<typeof settlementRequestListQuerySchema>;

export const paginationSchema = z
  .object({
    page: z.number().int().min(1),
    page_size: z.number().int().min(1).max(MAX_PAGE_SIZE),
    total: z.number().int().min(0),
    total_pages: z.number().int().min(0),
  })
  .meta({ id: "Pagination" });
export type Pagination = z.output<typeof paginationSchema>;

/** The list envelope: `{ data: [...], pagination: {...} }`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}
export type Paginated<T> = { data: T[]; pagination: Pagination };
