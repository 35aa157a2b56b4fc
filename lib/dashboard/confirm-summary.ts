/**
 * What a production confirmation restates before anything moves, derived from the body that is
 * sent (lib/dashboard/api-calls.ts), never from the form's labels: who pays what in which
 * currency and how, what the recipient gets and how, the chain, the fee, the environment, the
 * recipient (masked). Browser-safe; one function per form.
 */
import { railFor, railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import { isChain, type Environment, type SettlementType } from "@/lib/schemas/catalog";
import type { DisbursementCreateInput } from "@/lib/schemas/disbursement";
import { resolveSource, type SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import type { V1PaymentCreateInput } from "@/lib/schemas/v1-payment";
import { inferChain } from "@/lib/validators/wallet";

export type ConfirmLine = { label: string; value: string };

/** A settlement request body priced by the service's quote (lib/settlement-requests/actions/preview-settlement-request.ts). */
export type SettlementPreview = {
  environment: Environment;
  type: SettlementType;
  payer: { amount: string; currency: string; rail: string };
  recipient: { amount: string; currency: string; rail: string };
  fee: { amount: string; currency: string };
  rate: string;
};

const ENVIRONMENT_NAMES: Record<Environment, string> = {
  production: "Production: real money",
  sandbox: "Sandbox: test money",
};

/** "on Solana" for a chain, "by SEPA transfer" for a bank rail. */
const how = (currency: string, rail: string) =>
  isChain(rail) ? `on ${railLabel(rail)}` : `by ${railFor(currency, rail)}`;

export function settlementPreviewLines(preview: SettlementPreview, body: SettlementRequestCreateInput): ConfirmLine[] {
  const { payer, recipient } = preview;
  return [
    { label: "Environment", value: ENVIRONMENT_NAMES[preview.environment] },
    { label: "Payer sends", value: `${formatMoney(payer.amount, payer.currency)} ${how(payer.currency, payer.rail)}` },
    {
      label: "Recipient gets",
      value: `${formatMoney(recipient.amount, recipient.currency)} ${how(recipient.currency, recipient.rail)}`,
    },
    {
      label: "Fee",
      value: `${formatMoney(preview.fee.amount, preview.fee.currency)}, included in what the payer sends`,
    },
    { label: "Recipient", value: recipientOf(body.destination as Destination) },
  ];
}

/** "••••3000": the last four, as the API's responses mask account numbers. */
export const maskTail = (value: string) => `••••${value.replace(/\s/g, "").slice(-4)}`;
/** A wallet address shortened to its ends ("0x5aAe…BeAed"). */
export const shortWallet = (value: string) => (value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-5)}` : value);

type Destination = Record<string, unknown> & {
  currency?: string;
  rail?: string;
  beneficiary?: Record<string, unknown>;
};

function recipientOf(d: Destination): string {
  const b = d.beneficiary;
  const name = b ? String(b.business_name ?? [b.first_name, b.last_name].filter(Boolean).join(" ")) : "";
  const account =
    typeof d.wallet_address === "string"
      ? `wallet ${shortWallet(d.wallet_address)}`
      : typeof d.iban === "string"
        ? `IBAN ${maskTail(d.iban)}`
        : typeof d.clabe === "string"
          ? `CLABE ${maskTail(d.clabe)}`
          : typeof d.account_number === "string"
            ? `account ${maskTail(d.account_number)}`
            : "";
  return [name, account].filter(Boolean).join(", ") || "—";
}

/**
 * What the body alone says, while its quote loads or when it cannot be had: the amount it names
 * in its own currency (`amount` is the source's, resolved as the service resolves it;
 * `destination.amount` the recipient's), the other side to be priced by the quote.
 */
export function settlementRequestLines(body: SettlementRequestCreateInput, environment: Environment): ConfirmLine[] {
  const d = body.destination as Destination & { currency: string; rail: string };
  const source = resolveSource(body.type, d as never, body.source as never);
  const destinationAmount = typeof d.amount === "string" && d.amount !== "" ? d.amount : null;
  const priced = "worked out by the quote";
  return [
    { label: "Environment", value: ENVIRONMENT_NAMES[environment] },
    {
      label: "Payer sends",
      value: destinationAmount
        ? `${source.currency} ${how(source.currency, source.rail)}, ${priced}`
        : `${formatMoney(String(body.amount ?? ""), source.currency)} ${how(source.currency, source.rail)}`,
    },
    {
      label: "Recipient gets",
      value: destinationAmount
        ? `${formatMoney(destinationAmount, d.currency)} ${how(d.currency, d.rail)}`
        : `${d.currency} ${how(d.currency, d.rail)}, ${priced}`,
    },
    { label: "Recipient", value: recipientOf(d) },
  ];
}

/** The chain a disbursement goes out on: the one chosen, or the one the service infers (EVM: Ethereum). */
export function disbursementChain(body: Pick<DisbursementCreateInput, "chain" | "wallet_address">): string | null {
  return body.chain ?? inferChain(body.wallet_address.trim());
}

export function disbursementLines(
  body: DisbursementCreateInput,
  environment: Environment = "production",
): ConfirmLine[] {
  const chain = disbursementChain(body);
  return [
    { label: "Environment", value: ENVIRONMENT_NAMES[environment] },
    { label: "Amount", value: formatMoney(String(body.amount), String(body.currency)) },
    { label: "Chain", value: chain ? railLabel(chain) : "Not a supported address" },
    { label: "From", value: `The ${String(body.currency)} balance of this account` },
    { label: "To wallet", value: shortWallet(body.wallet_address) },
  ];
}

export function v1PaymentLines(
  body: Pick<V1PaymentCreateInput, "amount" | "currency_code" | "chain" | "destination_wallet">,
  environment: Environment = "production",
): ConfirmLine[] {
  return [
    { label: "Environment", value: ENVIRONMENT_NAMES[environment] },
    { label: "Amount", value: formatMoney(String(body.amount), String(body.currency_code)) },
    {
      label: "Chain",
      value: `${railLabel(String(body.chain))} (its network fee is debited from the balance separately)`,
    },
    { label: "To wallet", value: shortWallet(body.destination_wallet) },
  ];
}
