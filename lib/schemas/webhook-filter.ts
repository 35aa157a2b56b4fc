/**
 * An endpoint's payload condition (issue 63, decisions D9.16): the API's schemas. The rule itself
 * (parse, evaluate) is in event-filter.ts, without zod.
 */
import { z } from "@/lib/schemas/zod";
import { isoTimestamp } from "./common";
import { MAX_FILTER_LENGTH, parseEventFilter } from "./event-filter";

const condition = z
  .string()
  .max(MAX_FILTER_LENGTH, `Must be at most ${MAX_FILTER_LENGTH} characters`)
  .superRefine((text, ctx) => {
    const parsed = parseEventFilter(text);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
  })
  .meta({
    description:
      'path = value or path != value, clauses joined by "and"; the path starts with data. (the event\'s data), the value is JSON: `data.destination.currency = "EUR"`',
    example: 'data.destination.currency = "EUR"',
  });

/** PUT /v0/webhooks/{id}/filter (extension): the condition, or null for every event of the endpoint's types. */
export const webhookFilterSchema = z
  .object({ condition: condition.nullable() })
  .meta({ id: "WebhookFilterUpdate", "x-extension": true });
export type WebhookFilterInput = z.input<typeof webhookFilterSchema>;

const clauseView = z.object({
  path: z.array(z.string()),
  op: z.enum(["eq", "ne"]),
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});

export const webhookFilterViewSchema = z
  .object({
    webhook_id: z.string(),
    condition: z.string().nullable().meta({ description: "As saved; null: every event of the endpoint's types" }),
    clauses: z.array(clauseView),
  })
  .meta({ id: "WebhookFilter", "x-extension": true });
export type WebhookFilter = z.output<typeof webhookFilterViewSchema>;

/** POST /v0/webhooks/{id}/filter/preview (extension): how many of the last day's events a condition would have let through. */
export const webhookFilterPreviewSchema = z
  .object({ condition: condition.nullable() })
  .meta({ id: "WebhookFilterPreviewRequest", "x-extension": true });
export type WebhookFilterPreviewInput = z.input<typeof webhookFilterPreviewSchema>;

export const webhookFilterPreviewResultSchema = z
  .object({
    since: isoTimestamp,
    until: isoTimestamp,
    events: z
      .number()
      .int()
      .meta({ description: "Events of the endpoint's types in the last 24 hours (account's clock)" }),
    matched: z.number().int().meta({ description: "Of those, how many the condition lets through" }),
    capped: z.boolean().meta({ description: "More events than the preview reads (10,000): the newest were counted" }),
  })
  .meta({ id: "WebhookFilterPreview", "x-extension": true });
export type WebhookFilterPreview = z.output<typeof webhookFilterPreviewResultSchema>;
