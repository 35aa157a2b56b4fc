/**
 * The builder's form values (wire-shaped, strings for inputs), its defaults and URL prefill,
 * and the map to the create body that settlementRequestCreateSchema validates (browser-safe).
 */
import {
  FIAT_CURRENCIES,
  SETTLEMENT_TYPES,
  STABLECOINS,
  isStablecoin,
  type SettlementType,
} from "@/lib/schemas/catalog";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import { dropEmpty } from "@/lib/dashboard/form-values";
import { countriesFor, railsFor } from "@/lib/dashboard/routes";
import {
  bankFieldsToWire,
  beneficiaryToWire,
  destinationShape,
  emptyDestination,
  type DestinationValues,
} from "@/components/destination/destination-values";

export type MetadataRow = { key: string; value: string };

export type BuilderValues = {
  type: SettlementType;
  payment_reason: string;
  amount: string;
  source: { currency: string; rail: string; wallet_address: string; country_code: string };
  destination: DestinationValues;
  external_id: string;
  metadata_rows: MetadataRow[];
  /** A datetime-local value ("2026-11-24T12:00"), converted to ISO 8601 on submit. */
  reconciliation_expected_at: string;
};

export const takesCryptoSource = (t: SettlementType) => t === "STABLECOIN_TO_FIAT" || t === "STABLECOIN_TO_STABLECOIN";
export const paysOutCrypto = (t: SettlementType) => t === "STABLECOIN_TO_STABLECOIN" || t === "FIAT_TO_STABLECOIN";
/** Where the amount is entered: STABLECOIN_TO_FIAT takes destination.amount, the others amount. */
export const amountOnDestination = (t: SettlementType) => t === "STABLECOIN_TO_FIAT";
/** Types whose source the form asks for (the others use the service's default). */
export const asksForSource = (t: SettlementType) => t === "STABLECOIN_TO_FIAT" || t === "FIAT_TO_STABLECOIN";

/**
 * The source the service uses when the body has none (STABLECOIN_TO_STABLECOIN: the
 * destination's stablecoin on the same chain; FIAT_TO_FIAT: USD over ACH from the US), so the
 * form can say who pays what. Null for the types whose source the form asks for.
 */
export function defaultSource(
  t: SettlementType,
  destination: { currency: string; rail: string },
): { currency: string; rail: string; country_code?: string } | null {
  if (t === "STABLECOIN_TO_STABLECOIN") return { currency: destination.currency, rail: destination.rail };
  if (t === "FIAT_TO_FIAT") return { currency: "USD", rail: "ACH", country_code: "US" };
  return null;
}

export function sourceCurrencies(t: SettlementType): readonly string[] {
  return takesCryptoSource(t) ? STABLECOINS : FIAT_CURRENCIES;
}
export function destinationCurrencies(t: SettlementType): readonly string[] {
  return paysOutCrypto(t) ? STABLECOINS : FIAT_CURRENCIES;
}

const emptySource = (currency: string): BuilderValues["source"] => ({
  currency,
  rail: railsFor(currency)[0] ?? "",
  wallet_address: "",
  country_code: countriesFor(currency)[0] ?? "",
});

const DEFAULT_LEGS: Record<SettlementType, { source: string; destination: string }> = {
  STABLECOIN_TO_FIAT: { source: "USDC", destination: "EUR" },
  FIAT_TO_STABLECOIN: { source: "USD", destination: "USDC" },
  STABLECOIN_TO_STABLECOIN: { source: "USDC", destination: "USDT" },
  FIAT_TO_FIAT: { source: "USD", destination: "EUR" },
};

export function defaultsFor(type: SettlementType): BuilderValues {
  const legs = DEFAULT_LEGS[type];
  return {
    type,
    payment_reason: "PURCHASE_OF_SERVICES",
    amount: "",
    source: emptySource(legs.source),
    destination: emptyDestination(legs.destination),
    external_id: "",
    metadata_rows: [],
    reconciliation_expected_at: "",
  };
}

/** Keeps the parts of `values` that still fit `type`; resets the legs that do not. */
export function switchType(values: BuilderValues, type: SettlementType): BuilderValues {
  const d = defaultsFor(type);
  const keepSource = sourceCurrencies(type).includes(values.source.currency);
  const keepDestination = destinationCurrencies(type).includes(values.destination.currency);
  return {
    ...values,
    type,
    source: keepSource ? values.source : d.source,
    destination: keepDestination ? values.destination : d.destination,
  };
}

export function withSourceCurrency(currency: string): BuilderValues["source"] {
  return emptySource(currency);
}

type Params = Record<string, string | string[] | undefined>;

/** The recipient amount a quote computed, to show beside a source-side amount ("" if none or not a decimal). */
export function quotedDestinationAmount(params: Params): string {
  const value = params.quoted_destination_amount;
  return typeof value === "string" && /^\d{1,15}(\.\d{1,8})?$/.test(value) ? value : "";
}

/** Prefill from the URL (the Rates page's "Create a settlement request from this quote"). */
export function prefillFromParams(params: Params): BuilderValues {
  const get = (k: string) => (typeof params[k] === "string" ? (params[k] as string) : "");
  const type = (SETTLEMENT_TYPES as readonly string[]).includes(get("type"))
    ? (get("type") as SettlementType)
    : "STABLECOIN_TO_FIAT";
  const values = defaultsFor(type);
  const sc = get("source_currency");
  if (sourceCurrencies(type).includes(sc)) {
    values.source = emptySource(sc);
    if (railsFor(sc).includes(get("source_rail"))) values.source.rail = get("source_rail");
    if (countriesFor(sc).includes(get("source_country"))) values.source.country_code = get("source_country");
  }
  const dc = get("destination_currency");
  if (destinationCurrencies(type).includes(dc)) {
    values.destination = emptyDestination(dc);
    if (railsFor(dc).includes(get("destination_rail"))) values.destination.rail = get("destination_rail");
    const country = get("destination_country");
    if (countriesFor(dc).includes(country)) values.destination.beneficiary.address.country_code = country;
  }
  if (amountOnDestination(type)) values.destination.amount = get("destination_amount");
  else values.amount = get("amount");
  return values;
}

/** datetime-local ("2026-11-24T12:00", the browser's zone) → ISO 8601 UTC, or the raw text if unparsable. */
export function localToIso(local: string): string {
  if (local.trim() === "") return "";
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? local : new Date(ms).toISOString();
}

/** The metadata rows as the wire's object (rows with an empty key and value are skipped). */
export function rowsToMetadata(rows: MetadataRow[]): Record<string, string> | undefined {
  const filled = rows.filter((r) => r.key !== "" || r.value !== "");
  if (filled.length === 0) return undefined;
  return Object.fromEntries(filled.map((r) => [r.key, r.value]));
}

function pickDestination(d: BuilderValues["destination"], type: SettlementType): Record<string, unknown> {
  const shape = destinationShape(d.currency);
  const base: Record<string, unknown> = { currency: d.currency, rail: d.rail, is_third_party: d.is_third_party };
  if (amountOnDestination(type)) base.amount = d.amount;
  if (shape === "CRYPTO") return { ...base, wallet_address: d.wallet_address.trim() };
  return { ...base, ...bankFieldsToWire(shape, d), beneficiary: beneficiaryToWire(d.beneficiary) };
}

/**
 * The create body: only the fields the type and destination shape take, empty inputs left
 * out. Typed as the schema's input because the schema is what checks it.
 */
export function toCreateBody(v: BuilderValues): SettlementRequestCreateInput {
  const body = {
    type: v.type,
    payment_reason: v.payment_reason,
    amount: amountOnDestination(v.type) ? "" : v.amount,
    source: asksForSource(v.type)
      ? takesCryptoSource(v.type)
        ? { currency: v.source.currency, rail: v.source.rail, wallet_address: v.source.wallet_address.trim() }
        : { currency: v.source.currency, rail: v.source.rail, country_code: v.source.country_code }
      : undefined,
    destination: pickDestination(v.destination, v.type),
    external_id: v.external_id,
    metadata: rowsToMetadata(v.metadata_rows),
    reconciliation_expected_at: localToIso(v.reconciliation_expected_at),
  };
  // Metadata values may legitimately be "": put the object back after dropping empties.
  const cleaned = dropEmpty(body) as Record<string, unknown>;
  if (body.metadata) cleaned.metadata = body.metadata;
  return cleaned as SettlementRequestCreateInput;
}

export { isStablecoin };
