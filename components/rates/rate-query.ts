/**
 * The quote form's values, the wire query, and the URL that carries a quote (browser-safe, no
 * zod: reading a quote from the page's params is in rate-query-params.ts, for the server).
 */
import type { RateQueryInput } from "@/lib/schemas/rates";

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
  "sourceCurrencyCode",
  "sourceRail",
  "sourceCountryCode",
  "destinationCurrencyCode",
  "destinationRail",
  "destinationCountryCode",
  "sourceAmount",
  "destinationAmount",
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
