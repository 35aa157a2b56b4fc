/**
 * What a rule judges, read from the exact call the console would send (lib/dashboard/api-calls.ts).
 * Pure and browser-safe: the backtest reads the same facts from requests the API lists.
 */
import { formatMoney } from "@/lib/money/format";
import type { Environment } from "@/lib/schemas/catalog";
import type { ControlledAction, DestinationType, SubmissionFacts } from "./rules";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null =>
  typeof v === "string" && v.length > 0 ? v : typeof v === "number" ? String(v) : null;

/** An amount as the console shows it elsewhere ("9,999.99 USDC", "NGN 15,000.00"); as given when it is not a number. */
export function amountLabel(currency: string | null, value: string | null): string {
  if (currency && value && /^-?\d+(\.\d+)?$/.test(value))
    return formatMoney(value, currency, { currencyDisplay: "code" });
  return `${currency ?? ""} ${value ?? "?"}`.trim();
}

/** "0x5aAe…eAed", "DE89…3000": enough to recognise, not a whole account number. */
export function shortDestination(value: string | null): string {
  if (!value) return "";
  return value.length <= 12 ? value : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** Where a settlement request's destination sends the money, and which identifier names it. */
function destinationOf(destination: Obj): { type: DestinationType; key: string | null } {
  const wallet = str(destination.wallet_address);
  if (wallet) return { type: "wallet", key: wallet };
  return {
    type: "bank",
    key: str(destination.iban) ?? str(destination.account_number) ?? str(destination.clabe) ?? null,
  };
}

/**
 * A settlement request's amount and currency as the person entered them: `amount` in the source
 * currency (the type's default source when none is given), else the destination's amount.
 */
export function settlementRequestFacts(environment: Environment, body: unknown): SubmissionFacts {
  const b = obj(body);
  const destination = obj(b.destination);
  const source = obj(b.source);
  const type = str(b.type);
  const sourceCurrency =
    str(source.currency) ??
    (type === "FIAT_TO_STABLECOIN" || type === "FIAT_TO_FIAT" ? "USD" : str(destination.currency));
  const amount = str(b.amount);
  const currency = amount ? sourceCurrency : str(destination.currency);
  const value = amount ?? str(destination.amount);
  const to = destinationOf(destination);
  return {
    environment,
    action: "settlement_request",
    currency,
    amount: value,
    destinationType: to.type,
    knownDestination: null,
    // A bank account by its last four, named as one: "NGN 15,000.00 → NGN account ••••4579" never reads as two amounts.
    label: `${amountLabel(currency, value)} → ${str(destination.currency) ?? ""} ${
      to.type === "bank"
        ? to.key
          ? `account ••••${to.key.replace(/\s/g, "").slice(-4)}`
          : "bank account"
        : shortDestination(to.key)
    }`.trim(),
  };
}

export function factsOf(environment: Environment, action: ControlledAction, body: unknown): SubmissionFacts {
  const b = obj(body);
  switch (action) {
    case "settlement_request":
      return settlementRequestFacts(environment, body);
    case "disbursement":
      return {
        environment,
        action,
        currency: str(b.currency),
        amount: str(b.amount),
        destinationType: "wallet",
        knownDestination: null,
        label: `${amountLabel(str(b.currency), str(b.amount))} → ${shortDestination(str(b.wallet_address))}`,
      };
    case "v1_payment":
      return {
        environment,
        action,
        currency: str(b.currency_code),
        amount: str(b.amount),
        destinationType: "wallet",
        knownDestination: null,
        label: `${amountLabel(str(b.currency_code), str(b.amount))} → ${shortDestination(str(b.destination_wallet))}`,
      };
    case "webhook_endpoint":
      return {
        environment,
        action,
        currency: null,
        amount: null,
        destinationType: null,
        knownDestination: null,
        label: `Webhook endpoint ${str(b.url) ?? str(b.id) ?? ""}`.trim(),
      };
    case "api_key":
      return {
        environment,
        action,
        currency: null,
        amount: null,
        destinationType: null,
        knownDestination: null,
        label: `A ${str(b.environment) ?? environment} API key${str(b.label) ? ` “${str(b.label)}”` : ""}`,
      };
    case "approval_rule":
      return {
        environment,
        action,
        currency: null,
        amount: null,
        destinationType: null,
        knownDestination: null,
        label: `Rule “${str(obj(b.rule).name) ?? ""}”${obj(b.rule).enabled === false ? " switched off" : " changed"}`,
      };
    case "payee":
      return {
        environment,
        action,
        currency: str(b.currency),
        amount: null,
        destinationType: b.kind === "bank" ? "bank" : "wallet",
        knownDestination: null,
        label: `“${str(b.name) ?? ""}”: ${str(b.currency) ?? ""} ${shortDestination(str(b.address))}`,
      };
  }
}
