/**
 * POST /v0/disbursements body (decisions D10) and the disbursement resource.
 */
import { z } from "@/lib/schemas/zod";
import { inferChain, walletAddressProblem } from "@/lib/validators/wallet";
import { amountInput, canonicalAmountString } from "./amount";
import { CHAINS, CURRENCY_PRECISION, STABLECOINS, unsupportedLeg, type Chain } from "./catalog";
import { DISBURSEMENT_STATUSES } from "@/lib/state-machine/disbursements";
import { enumMessage, isoTimestamp } from "./common";
import { amountTotalsSchema, pageQuery, paginated, rangeAndTotalsQuery } from "./list";

/** Stablecoins move on chain at 6 decimals (decisions D4), so a finer amount cannot be sent. */
const STABLECOIN_DECIMALS = CURRENCY_PRECISION.USDC;

export const disbursementCreateSchema = z
  .object({
    wallet_address: z.string().min(1).max(128),
    amount: amountInput(
      { positive: true, maxDecimals: STABLECOIN_DECIMALS },
      `Decimal string (a JSON number is accepted), greater than 0, at most ${STABLECOIN_DECIMALS} decimals`,
    ),
    currency: z.enum(STABLECOINS, { error: enumMessage(STABLECOINS) }),
    chain: z
      .enum(CHAINS, { error: enumMessage(CHAINS) })
      .optional()
      .meta({ description: "Inferred from the address when omitted (0x addresses: ETHEREUM)", "x-extension": true }),
  })
  .transform((body, ctx) => {
    // An EVM-shaped address with a bad checksum is an EVM address: say what is wrong with it (issue 35, finding 11).
    const chain: Chain | null =
      body.chain ??
      inferChain(body.wallet_address) ??
      (/^0x[0-9a-fA-F]{40}$/.test(body.wallet_address) ? "ETHEREUM" : null);
    if (chain === null) {
      ctx.addIssue({
        code: "custom",
        path: ["wallet_address"],
        message: "Wallet address is not an address of a supported chain (EVM 0x…, SOLANA base58, TRON T…)",
      });
      return z.NEVER;
    }
    const problem = walletAddressProblem(chain, body.wallet_address);
    if (problem) {
      ctx.addIssue({ code: "custom", path: ["wallet_address"], message: `Wallet address ${problem}` });
      return z.NEVER;
    }
    const leg = unsupportedLeg(body.currency, chain);
    if (leg) {
      ctx.addIssue({ code: "custom", path: [body.chain ? "chain" : "currency"], message: `Unsupported route: ${leg}` });
      return z.NEVER;
    }
    return { ...body, chain };
  })
  .meta({ id: "DisbursementCreate" });

export type DisbursementCreateInput = z.input<typeof disbursementCreateSchema>;
export type DisbursementCreate = z.output<typeof disbursementCreateSchema>;

export const disbursementFailureSchema = z
  .object({ code: z.string(), message: z.string() })
  .meta({ id: "DisbursementFailure" });

export const disbursementSchema = z
  .object({
    id: z.uuid(),
    destination_id: z.uuid().meta({ description: "Stable per (account, chain, address)" }),
    amount: canonicalAmountString,
    currency: z.enum(STABLECOINS),
    status: z.enum(DISBURSEMENT_STATUSES),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    completed_at: isoTimestamp.nullish(),
    payment_id: z.uuid().nullish(),
    failure_reason: disbursementFailureSchema.nullish(),
    chain: z.enum(CHAINS).optional().meta({ "x-extension": true }),
    wallet_address: z.string().optional().meta({ "x-extension": true }),
  })
  .meta({ id: "Disbursement" });
export type Disbursement = z.output<typeof disbursementSchema>;

/** GET /v0/disbursements query (extension, decision D10.6): newest first, the lists' range and totals. */
export const disbursementListQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(DISBURSEMENT_STATUSES, { error: enumMessage(DISBURSEMENT_STATUSES) }).optional(),
  currency: z.enum(STABLECOINS, { error: enumMessage(STABLECOINS) }).optional(),
  ...rangeAndTotalsQuery,
});
export type DisbursementListQuery = z.output<typeof disbursementListQuerySchema>;

/** The whole filtered set of disbursements (`include=totals`): count and amount per currency. */
export const disbursementTotalsSchema = amountTotalsSchema.meta({ id: "DisbursementTotals", "x-extension": true });

export const disbursementPageSchema = paginated(disbursementSchema).extend({
  totals: disbursementTotalsSchema.optional(),
});
