/** The payee form's schema (browser-safe): the form and addPayee parse the same input. */
import { CHAINS, STABLECOIN_CHAINS, STABLECOINS } from "@/lib/schemas/catalog";
import { z } from "@/lib/schemas/zod";
import { ibanProblem, normalizeIban } from "@/lib/validators/iban";
import { walletAddressProblem } from "@/lib/validators/wallet";

import { IBAN_CURRENCIES } from "./payee-choices";

export const payeeInputSchema = z
  .object({
    name: z.string().trim().min(1, "Name the payee").max(80, "Use at most 80 characters"),
    kind: z.enum(["wallet", "bank"]).default("wallet"),
    currency: z.enum([...STABLECOINS, ...IBAN_CURRENCIES] as [string, ...string[]], "Choose a currency"),
    chain: z.enum(CHAINS, "Choose a chain").optional(),
    address: z.string().trim().min(1, "The wallet address or IBAN").max(128, "At most 128 characters"),
  })
  .superRefine((p, ctx) => {
    if (p.kind === "bank") {
      if (!(IBAN_CURRENCIES as readonly string[]).includes(p.currency))
        ctx.addIssue({
          code: "custom",
          path: ["currency"],
          message: `A bank payee is paid in ${IBAN_CURRENCIES.join(" or ")}`,
        });
      const problem = ibanProblem(p.address);
      if (problem) ctx.addIssue({ code: "custom", path: ["address"], message: `IBAN ${problem}` });
      return;
    }
    if (!p.chain) {
      ctx.addIssue({ code: "custom", path: ["chain"], message: "Choose a chain" });
      return;
    }
    if (!(STABLECOINS as readonly string[]).includes(p.currency)) {
      ctx.addIssue({ code: "custom", path: ["currency"], message: "A wallet payee is paid in a stablecoin" });
      return;
    }
    if (!(STABLECOIN_CHAINS[p.currency as (typeof STABLECOINS)[number]] as readonly string[]).includes(p.chain)) {
      ctx.addIssue({ code: "custom", path: ["chain"], message: `${p.currency} is not on this chain` });
      return;
    }
    const problem = walletAddressProblem(p.chain, p.address);
    if (problem) ctx.addIssue({ code: "custom", path: ["address"], message: `Wallet address ${problem}` });
  })
  .transform((p) => (p.kind === "bank" ? { ...p, chain: undefined, address: normalizeIban(p.address) } : p));
export type PayeeInput = z.input<typeof payeeInputSchema>;
