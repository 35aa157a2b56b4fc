/**
 * Lists (decisions D6): page / page_size query and the envelope every list returns.
 */
import { z } from "@/lib/schemas/zod";
import { SANDBOX_SETTLEMENT_STATUSES } from "@/lib/state-machine/statuses";
import { dateOrInstant, enumMessage, externalId } from "./common";

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

/** A created-at bound (extension): `created_from` inclusive; `created_to` inclusive of a date's whole day, exclusive of an instant. */
const createdBound = (description: string) =>
  dateOrInstant(description).meta({ description, "x-extension": true, example: "2026-11-01" });

/** The lists' extension parameters (decision D6.2): a created-at range and the filtered set's totals. */
export const rangeAndTotalsQuery = {
  created_from: createdBound("Created at or after (extension)"),
  created_to: createdBound("Created before the end of this date, or before this instant (extension)"),
  include: z.enum(["totals"]).optional().meta({
    description: "`totals`: also the count and per-currency sums of the whole filtered set (extension)",
    "x-extension": true,
  }),
};

/** GET /v0/settlement-requests query. */
export const settlementRequestListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(SANDBOX_SETTLEMENT_STATUSES, { error: enumMessage(SANDBOX_SETTLEMENT_STATUSES) }).optional(),
  external_id: externalId.optional().meta({ description: "Exact match" }),
  ...rangeAndTotalsQuery,
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

/** Sums of the whole filtered set of requests (extension, `include=totals`): what payers send and recipients get, per currency. */
export const currencyTotalSchema = z.object({ currency: z.string(), amount: z.string() }).meta({ id: "CurrencyTotal" });
export const settlementTotalsSchema = z
  .object({
    count: z.number().int().min(0),
    payer_sends: z.array(currencyTotalSchema),
    recipient_gets: z.array(currencyTotalSchema),
  })
  .meta({ id: "SettlementTotals", "x-extension": true });
export type SettlementTotals = z.output<typeof settlementTotalsSchema>;

/** Sums of the whole filtered set of payments (extension, `include=totals`): count and amount per currency. */
export const amountTotalsSchema = z.object({ count: z.number().int().min(0), amounts: z.array(currencyTotalSchema) });
export type AmountTotals = z.output<typeof amountTotalsSchema>;
export const paymentTotalsSchema = amountTotalsSchema.meta({ id: "PaymentTotals", "x-extension": true });
export type PaymentTotals = z.output<typeof paymentTotalsSchema>;

/** The most a capped total counts (decisions D11.5). */
export const TOTAL_CAP = 10_000;

/** Pagination whose total is counted up to 10,000 (the request log, the events list: decisions D11.5). */
export const cappedPaginationSchema = paginationSchema
  .extend({
    total_capped: z.boolean().meta({ description: "true when more than 10,000 match: `total` is then 10,000" }),
  })
  .meta({ id: "CappedPagination" });
export type CappedPagination = z.output<typeof cappedPaginationSchema>;

/** The list envelope with a capped total. */
export function cappedPaginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: cappedPaginationSchema });
}

/** The list envelope: `{ data: [...], pagination: {...} }`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}
export type Paginated<T> = { data: T[]; pagination: Pagination };
export type CappedPaginated<T> = { data: T[]; pagination: CappedPagination };
