/** The payee form's schema (browser-safe): the form and addPayee parse the same input. */
import { CHAINS, STABLECOIN_CHAINS, STABLECOINS } from "@/lib/schemas/catalog";
import { z } from "@/lib/schemas/zod";
import { walletAddressProblem } from "@/lib/validators/wallet";

export const payeeInputSchema = z
  .object({
    name: z.string().trim().min(1, "Name the payee").max(80, "Use at most 80 characters"),
    currency: z.enum(STABLECOINS, "Choose a stablecoin"),
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
  });
export type PayeeInput = z.input<typeof payeeInputSchema>;

export const COOLING_OFF_CHOICES = [
  { minutes: 0, label: "None" },
  { minutes: 60, label: "1 hour" },
  { minutes: 240, label: "4 hours" },
  { minutes: 1_440, label: "24 hours" },
  { minutes: 2_880, label: "48 hours" },
] as const;
