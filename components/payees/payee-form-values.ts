/**
 * The payee form's values (strings for inputs) and the input addPayee takes, browser-safe: a wallet
 * is sent as typed; a bank account sends its destination as the builder would (the shape's fields
 * for the currency, the holder), empty inputs left out.
 */
import {
  bankFieldsToWire,
  beneficiaryToWire,
  destinationShape,
  emptyDestination,
  type DestinationValues,
} from "@/components/destination/destination-values";
import type { PayeeInput } from "@/lib/approvals/payee-form";
import { dropEmpty } from "@/lib/dashboard/form-values";

export type PayeeFormValues = {
  name: string;
  kind: "wallet" | "bank";
  currency: string;
  chain: string;
  address: string;
  destination: DestinationValues;
};

export const emptyPayeeForm = (kind: PayeeFormValues["kind"] = "wallet"): PayeeFormValues => ({
  name: "",
  kind,
  currency: "USDC",
  chain: "ETHEREUM",
  address: "",
  destination: emptyDestination("USD"),
});

export function toPayeeInput(v: PayeeFormValues): PayeeInput {
  if (v.kind === "wallet")
    return { name: v.name, kind: "wallet", currency: v.currency, chain: v.chain, address: v.address } as PayeeInput;
  const d = v.destination;
  const shape = destinationShape(d.currency);
  const destination =
    shape === "CRYPTO"
      ? { currency: d.currency }
      : {
          currency: d.currency,
          rail: d.rail,
          ...bankFieldsToWire(shape, d),
          beneficiary: beneficiaryToWire(d.beneficiary),
        };
  return { name: v.name, kind: "bank", destination: dropEmpty(destination) } as PayeeInput;
}
