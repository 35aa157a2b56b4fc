/**
 * The quote form's values, the wire query, and the URL that carries a quote (browser-safe).
 */
import { rateQuerySchema, type RateQueryInput } from "@/lib/schemas/rates";
import { dropEmpty } from "@/lib/dashboard/form-values";

export type RateFormValues = {
  sourceCurrencyCode: string;
  sourceRail: string;
  sourceCountryCode: string;
  destinationCurrencyCode: string;
  destinationRail: string;
  destinationCountryCode: string;
  sourceAmount: string;
  destinationAmount: string;
};

export const RATE_FIELDS = [
  "sourceCurrencyCode", "sourceRail", "sourceCountryCode", "destinationCurrencyCode", "destinationRail",
  "destinationCountryCode", "sourceAmount", "destinationAmount",
] as const satisfies readonly (keyof RateFormValues)[];

export const DEFAULT_RATE_FORM: RateFormValues = {
  sourceCurrencyCode: "USDC",
  sourceRail: "SOLANA",
  sourceCountryCode: "",
  destinationCurrencyCode: "EUR",
  destinationRail: "LOCAL",
  destinationCountryCode: "DE",
  sourceAmount: "1000",
  destinationAmount: "",
};

/** The query the API takes: empty fields left out. */
export function toRateQuery(values: RateFormValues): RateQueryInput {
  const out: Record<string, string> = {};
  for (const key of RATE_FIELDS) {
    const v = values[key].trim();
    if (v !== "") out[key] = v;
  }
  return out as RateQueryInput;
}

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

export function formFromQuery(query: RateQueryInput | null): RateFormValues {
  if (!query) return DEFAULT_RATE_FORM;
  const s = (v: unknown) => (v === undefined ? "" : String(v));
  return {
    sourceCurrencyCode: s(query.sourceCurrencyCode),
    sourceRail: s(query.sourceRail),
    sourceCountryCode: s(query.sourceCountryCode),
    destinationCurrencyCode: s(query.destinationCurrencyCode),
    destinationRail: s(query.destinationRail),
    destinationCountryCode: s(query.destinationCountryCode),
    sourceAmount: s(query.sourceAmount),
    destinationAmount: s(query.destinationAmount),
  };
}

export function queryToSearch(query: RateQueryInput): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  return params.toString();
}
