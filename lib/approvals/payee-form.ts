/**
 * The payee form's schema (browser-safe): the form, addPayee and the payee book's CSV import parse
 * the same input. A wallet is a stablecoin address on a chain; a bank account is a fiat destination
 * of any shape the service pays (ABA, IBAN, CLABE, NUBAN, Canadian EFT), with its holder, checked
 * by the very schemas a settlement request's destination is (checksums included).
 */
import { CHAINS, FIAT_CURRENCIES, STABLECOIN_CHAINS, STABLECOINS } from "@/lib/schemas/catalog";
import { discriminatorMessage } from "@/lib/schemas/common";
import {
  cadDestinationSchema,
  eurDestinationSchema,
  gbpDestinationSchema,
  mxnDestinationSchema,
  ngnDestinationSchema,
  usdDestinationSchema,
  type FiatDestination,
} from "@/lib/schemas/destination";
import { z } from "@/lib/schemas/zod";
import { walletAddressProblem } from "@/lib/validators/wallet";
import { accountText } from "./payee-account";

const name = z.string().trim().min(1, "Name the payee").max(80, "Use at most 80 characters");

const walletPayee = z
  .object({
    name,
    kind: z.literal("wallet"),
    currency: z.enum(STABLECOINS, "A wallet payee is paid in a stablecoin"),
    chain: z.enum(CHAINS, "Choose a chain"),
    address: z.string().trim().min(1, "The wallet address").max(128, "At most 128 characters"),
  })
  .superRefine((p, ctx) => {
    if (!(STABLECOIN_CHAINS[p.currency] as readonly string[]).includes(p.chain)) {
      ctx.addIssue({ code: "custom", path: ["chain"], message: `${p.currency} is not on this chain` });
      return;
    }
    const problem = walletAddressProblem(p.chain, p.address);
    if (problem) ctx.addIssue({ code: "custom", path: ["address"], message: `Wallet address ${problem}` });
  })
  .transform((p) => ({ ...p, destination: undefined }));

/** A bank account as a settlement request pays it: the currency's destination schema (amount and third-party flag are per payment, not per payee). */
const bankDestination = z.discriminatedUnion(
  "currency",
  [
    usdDestinationSchema,
    eurDestinationSchema,
    gbpDestinationSchema,
    mxnDestinationSchema,
    ngnDestinationSchema,
    cadDestinationSchema,
  ],
  { error: discriminatorMessage("currency", () => `A bank payee is paid in ${FIAT_CURRENCIES.join(", ")}`) },
);

const bankPayee = z
  .object({ name, kind: z.literal("bank"), destination: bankDestination })
  .transform(({ destination, ...p }) => {
    const { amount: _amount, is_third_party: _third, ...account } = destination;
    return {
      ...p,
      currency: account.currency,
      chain: undefined,
      address: accountText(account),
      destination: account as PayeeBankDestination,
    };
  });

/** A bank payee's stored destination: a fiat destination without the per-payment amount and flag. */
export type PayeeBankDestination = Omit<FiatDestination, "amount" | "is_third_party">;

export const payeeInputSchema = z.discriminatedUnion("kind", [walletPayee, bankPayee], {
  error: discriminatorMessage("kind", () => "Choose a wallet or a bank account"),
});
export type PayeeInput = z.input<typeof payeeInputSchema>;
export type PayeeOutput = z.output<typeof payeeInputSchema>;
