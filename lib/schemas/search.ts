/**
 * Search (extension): one box for every identifier a support agent pastes. Browser-safe.
 */
import { z } from "@/lib/schemas/zod";

export const SEARCH_KINDS = [
  "settlement_request",
  "payment",
  "disbursement",
  "v1_payment",
  "event",
  "webhook",
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * How the query matched: the resource's id, its external_id (exactly, or ignoring case), a
 * transaction hash, an account's last four, the start of an id as lists show it ("2cb19d01…"),
 * the start of an external_id.
 */
export const SEARCH_MATCHES = [
  "id",
  "external_id",
  "external_id_ci",
  "transaction_hash",
  "account_last4",
  "id_prefix",
  "external_id_prefix",
] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const SEARCH_MAX_RESULTS = 50;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(128).meta({
    description: "An id, an external_id, a transaction hash, or the last four characters of an account number or IBAN",
    example: "INV-MXN-4004",
  }),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchHitSchema = z
  .object({
    kind: z.enum(SEARCH_KINDS),
    id: z.string(),
    match: z.enum(SEARCH_MATCHES),
    /** What a person recognises: an external_id, an amount, a URL. */
    title: z.string(),
    status: z.string().nullable(),
    created_at: z.string(),
    /** For a payment: the settlement request or disbursement it belongs to. */
    parent_id: z.string().nullable(),
  })
  .meta({ id: "SearchHit" });
export type SearchHit = z.output<typeof searchHitSchema>;

export const searchResultSchema = z
  .object({ query: z.string(), data: z.array(searchHitSchema) })
  .meta({ id: "SearchResult" });
export type SearchResult = z.output<typeof searchResultSchema>;
