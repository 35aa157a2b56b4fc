/**
 * Facts' wording shared by the controlled actions' entries: amounts as the console shows them,
 * destinations shortened, and a settlement request's facts (the backtest reads them too).
 * Pure and browser-safe.
 */
import { formatMoney } from "@/lib/money/format";
import type { DestinationFields } from "@/lib/schemas/destination-id";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import type { SubmissionFacts } from "./rules";

/** What a controlled action's entry says of a call (lib/approvals/controlled-action.ts). */
export type ActionFacts = Pick<SubmissionFacts, "currency" | "amount" | "destinationType" | "label">;

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

/**
 * A settlement request's amount and currency as the person entered them: `amount` in the source
 * currency (the type's default source when none is given), else the destination's amount.
 */
export function settlementRequestFacts(body: SettlementRequestCreateInput): ActionFacts {
  const destination: DestinationFields & { amount?: unknown } = body.destination;
  const sourceCurrency =
    body.source?.currency ??
    (body.type === "FIAT_TO_STABLECOIN" || body.type === "FIAT_TO_FIAT" ? "USD" : destination.currency);
  const amount = present(body.amount);
  const currency = (amount ? sourceCurrency : destination.currency) ?? null;
  const value = amount ?? present(destination.amount);
  const wallet = destination.wallet_address?.trim() || null;
  const account = destination.iban ?? destination.account_number ?? destination.clabe ?? null;
  return {
    currency,
    amount: value,
    destinationType: wallet ? "wallet" : "bank",
    // A bank account by its last four, named as one: "NGN 15,000.00 → NGN account ••••4579" never reads as two amounts.
    label: `${amountLabel(currency, value)} → ${destination.currency ?? ""} ${
      wallet
        ? shortDestination(wallet)
        : account
          ? `account ••••${account.replace(/\s/g, "").slice(-4)}`
          : "bank account"
    }`.trim(),
  };
}

/** An amount as typed (a JSON number is accepted), or null when none was. */
function present(value: unknown): string | null {
  if (typeof value === "number") return String(value);
  return typeof value === "string" && value.length > 0 ? value : null;
}
