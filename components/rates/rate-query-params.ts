/**
 * A quote from the Rates page's search params, for the server page (it validates with
 * rateQuerySchema, so it stays out of the browser bundle).
 */
import { dropEmpty } from "@/lib/dashboard/form-values";
import { rateQuerySchema, type RateQueryInput } from "@/lib/schemas/rates";
import { RATE_FIELDS } from "./rate-query";

/** Reads a quote from the page's search params; null unless it is a valid query. */
export function rateQueryFromParams(params: Record<string, string | string[] | undefined>): RateQueryInput | null {
  const picked: Record<string, string> = {};
  for (const key of RATE_FIELDS) {
    const v = params[key];
    if (typeof v === "string" && v !== "") picked[key] = v;
  }
  if (Object.keys(picked).length === 0) return null;
  const parsed = rateQuerySchema.safeParse(dropEmpty(picked));
  return parsed.success ? (picked as RateQueryInput) : null;
}
