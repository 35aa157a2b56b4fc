/**
 * Streamed exports (extension, issue 57, decisions D6.9): every settlement request, payment or
 * disbursement created in a window, in one call, as newline-delimited JSON, so month-end reads a
 * month without paging it through the rate limit. Both bounds are required; a window is at most
 * MAX_EXPORT_DAYS long (a month and the months around it, as reconciliation reads them).
 */
import { z } from "@/lib/schemas/zod";
import { dateOrInstant } from "./common";
import { createdRange } from "./created-range";

export const MAX_EXPORT_DAYS = 100;
export const EXPORT_MEDIA_TYPE = "application/x-ndjson";

/** The last line of every export: how many rows came before it (a stream cut short has none). */
export const exportEndSchema = z
  .object({ object: z.literal("export_end"), rows: z.number().int().min(0) })
  .meta({ id: "ExportEnd", "x-extension": true });
export type ExportEnd = z.output<typeof exportEndSchema>;

export const exportQuerySchema = z
  .object({
    created_from: dateOrInstant("Created at or after: a date (its start in UTC) or an instant").unwrap(),
    created_to: dateOrInstant("Created before the end of this date, or before this instant").unwrap(),
  })
  .superRefine((q, ctx) => {
    const { createdFrom, createdBefore } = createdRange(q);
    if (!createdFrom || !createdBefore) return;
    if (createdBefore <= createdFrom)
      ctx.addIssue({ code: "custom", path: ["created_to"], message: "Must be after created_from" });
    else if (createdBefore.getTime() - createdFrom.getTime() > MAX_EXPORT_DAYS * 86_400_000)
      ctx.addIssue({
        code: "custom",
        path: ["created_to"],
        message: `The window may be at most ${MAX_EXPORT_DAYS} days long`,
      });
  });
export type ExportQuery = z.output<typeof exportQuerySchema>;
