/**
 * What a person enters for an expected settlement (issue 46), in the form or as a CSV row:
 * one schema for both, every problem on its field. Amounts are decimal strings in the
 * currency's precision; dates are calendar days in the merchant's time zone.
 */
import { z } from "@/lib/schemas/zod";
import { CURRENCIES, CURRENCY_PRECISION } from "@/lib/schemas/catalog";

const decimal = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, `${label} must be a plain decimal number, like 1250.00`);

const day = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-11-30`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${label} is not a calendar date`,
    );

export const expectedInputSchema = z
  .object({
    direction: z.enum(["in", "out"], "Choose in (an invoice paid to you) or out (a bill you pay)").default("in"),
    amount: decimal("Amount").refine((v) => Number(v) > 0, "Amount must be more than 0"),
    currency: z.enum(CURRENCIES, `Choose one of ${CURRENCIES.join(", ")}`),
    tolerance_abs: decimal("Absolute tolerance").default("0"),
    tolerance_pct: decimal("Percentage tolerance")
      .refine((v) => Number(v) <= 100, "Percentage tolerance is at most 100")
      .default("0"),
    window_start: day("Window start"),
    window_end: day("Window end"),
    counterparty: z.string().trim().max(200, "At most 200 characters").optional().default(""),
    reference: z.string().trim().max(200, "At most 200 characters").optional().default(""),
  })
  .superRefine((v, ctx) => {
    if (v.window_end < v.window_start)
      ctx.addIssue({ code: "custom", path: ["window_end"], message: "Window end is before its start" });
    const decimals = v.amount.split(".")[1]?.length ?? 0;
    const precision = CURRENCY_PRECISION[v.currency];
    if (decimals > precision)
      ctx.addIssue({ code: "custom", path: ["amount"], message: `At most ${precision} decimals in ${v.currency}` });
  });
export type ExpectedInput = z.input<typeof expectedInputSchema>;
export type ExpectedParsed = z.output<typeof expectedInputSchema>;

/** The CSV columns (a header row names them; order free, extra columns ignored). */
export const EXPECTED_CSV_COLUMNS = [
  "direction",
  "amount",
  "currency",
  "tolerance_abs",
  "tolerance_pct",
  "window_start",
  "window_end",
  "counterparty",
  "reference",
] as const;

/** A checked row as what the store records. */
export function expectedOf(v: ExpectedParsed, source: "form" | "csv") {
  return {
    direction: v.direction,
    amount: v.amount,
    currency: v.currency,
    toleranceAbs: v.tolerance_abs,
    tolerancePct: v.tolerance_pct,
    windowStart: v.window_start,
    windowEnd: v.window_end,
    counterparty: v.counterparty || null,
    reference: v.reference || null,
    source,
  };
}
