/**
 * What a production confirmation restates before anything moves: amount and currency, the
 * recipient (masked), the rail or chain. Browser-safe; one function per form.
 */
import { railLabel } from "@/lib/dashboard/routes";
import { formatMoney } from "@/lib/money/format";
import type { DisbursementCreateInput } from "@/lib/schemas/disbursement";
import type { SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import type { V1PaymentCreateInput } from "@/lib/schemas/v1-payment";

export type ConfirmLine = { label: string; value: string };

/** "••••3000": the last four, as the API's responses mask account numbers. */
export const maskTail = (value: string) => `••••${value.replace(/\s/g, "").slice(-4)}`;
/** A wallet address shortened to its ends ("0x5aAe…BeAed"). */
export const shortWallet = (value: string) => (value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-5)}` : value);

type Destination = Record<string, unknown> & { currency?: string; rail?: string; beneficiary?: Record<string, unknown> };

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

export function settlementRequestLines(body: SettlementRequestCreateInput): ConfirmLine[] {
  const d = body.destination as Destination;
  const destinationAmount = typeof d.amount === "string" && d.amount !== "" ? d.amount : null;
  const source = body.source as { currency?: string } | undefined;
  return [
    destinationAmount
      ? { label: "Recipient gets", value: formatMoney(destinationAmount, String(d.currency)) }
      : { label: "Payer sends", value: formatMoney(String(body.amount ?? ""), String(source?.currency ?? d.currency)) },
    { label: "Paid out in", value: `${String(d.currency)} over ${railLabel(String(d.rail))}` },
    { label: "Recipient", value: recipientOf(d) },
  ];
}

export function disbursementLines(body: DisbursementCreateInput): ConfirmLine[] {
  return [
    { label: "Amount", value: formatMoney(String(body.amount), String(body.currency)) },
    { label: "Chain", value: body.chain ? railLabel(body.chain) : "Inferred from the address" },
    { label: "To wallet", value: shortWallet(body.wallet_address) },
  ];
}

export function v1PaymentLines(body: Pick<V1PaymentCreateInput, "amount" | "currency_code" | "chain" | "destination_wallet">): ConfirmLine[] {
  return [
    { label: "Amount", value: formatMoney(String(body.amount), String(body.currency_code)) },
    { label: "Chain", value: railLabel(String(body.chain)) },
    { label: "To wallet", value: shortWallet(body.destination_wallet) },
  ];
}
