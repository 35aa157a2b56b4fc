/**
 * Request bodies of /v0/settlement-requests: create (POST) and update (PUT), plus the pure
 * helpers for the rules that need the service clock (reconciliation override, transaction_id).
 */
import { z } from "@/lib/schemas/zod";
import { CURRENCY_PRECISION, SETTLEMENT_TYPES, isStablecoin, isChain, type SettlementType } from "./catalog";
import { PUT_STATUS_ALIASES, PUT_STATUS_INPUTS, canonicalPutStatus } from "@/lib/state-machine/client-moves";
import { finerThanCurrency, settlementAmountInput } from "./amount";
import { enumMessage, externalId, isoTimestamp, metadataInput } from "./common";
import { destinationInputSchema, type Destination } from "./destination";
import { paymentReasonInput } from "./payment-reason";
import { DEFAULT_FIAT_SOURCE, sourceInputSchema, type ResolvedSource } from "./source";

const transactionId = z.string().max(255).meta({
  deprecated: true,
  description: "Deprecated alias of external_id; refused after 2026-05-25 (send external_id)",
});

const createBase = z.object({
  type: z.enum(SETTLEMENT_TYPES, { error: enumMessage(SETTLEMENT_TYPES) }),
  payment_reason: paymentReasonInput,
  destination: destinationInputSchema,
  amount: settlementAmountInput.optional().meta({
    description:
      "Minimum 0.01. Required for STABLECOIN_TO_STABLECOIN and FIAT_TO_STABLECOIN; FIAT_TO_FIAT takes amount or destination.amount",
  }),
  source: sourceInputSchema.optional().meta({
    description:
      "Required for STABLECOIN_TO_FIAT and FIAT_TO_STABLECOIN; optional for the others (defaults: the destination's stablecoin on its chain; USD over ACH from US)",
  }),
  external_id: externalId.optional(),
  metadata: metadataInput.optional(),
  reconciliation_expected_at: isoTimestamp.optional().meta({
    description: "Reconciliation override: in the future, at most 30 days after creation. Default: T+3 when FUNDS_SENT",
  }),
  transaction_id: transactionId.optional(),
});

type CreateBase = z.output<typeof createBase>;

const CRYPTO_DESTINATION: Record<SettlementType, boolean> = {
  STABLECOIN_TO_STABLECOIN: true,
  FIAT_TO_STABLECOIN: true,
  STABLECOIN_TO_FIAT: false,
  FIAT_TO_FIAT: false,
};
const CRYPTO_SOURCE: Record<SettlementType, boolean> = {
  STABLECOIN_TO_STABLECOIN: true,
  FIAT_TO_STABLECOIN: false,
  STABLECOIN_TO_FIAT: true,
  FIAT_TO_FIAT: false,
};

/** The rules that tie type, source, destination and the two amounts together. */
function typeRules(body: CreateBase, ctx: z.RefinementCtx): void {
  const { type, destination, source } = body;
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });

  const wantCryptoDest = CRYPTO_DESTINATION[type];
  if (isStablecoin(destination.currency) !== wantCryptoDest) {
    issue(
      ["destination", "currency"],
      `${type} pays out in ${wantCryptoDest ? "a stablecoin" : "a fiat currency"}, not ${destination.currency}`,
    );
  }
  const wantCryptoSource = CRYPTO_SOURCE[type];
  if (source && isChain(source.rail) !== wantCryptoSource) {
    issue(
      ["source", "rail"],
      `${type} takes a ${wantCryptoSource ? "stablecoin source on a chain" : "fiat source on a bank rail"}, not ${source.rail}`,
    );
  }
  if (!source && type === "STABLECOIN_TO_FIAT")
    issue(["source"], "Required for STABLECOIN_TO_FIAT: currency, a chain as rail and wallet_address");
  if (!source && type === "FIAT_TO_STABLECOIN")
    issue(["source"], "Required for FIAT_TO_STABLECOIN: currency, a fiat rail and country_code");

  const hasAmount = body.amount !== undefined;
  const hasDestAmount = destination.amount !== undefined;
  if (type === "STABLECOIN_TO_STABLECOIN" || type === "FIAT_TO_STABLECOIN") {
    if (!hasAmount) issue(["amount"], `Required for ${type}`);
    if (hasDestAmount) issue(["destination", "amount"], `${type} takes amount, not destination.amount`);
  } else if (type === "STABLECOIN_TO_FIAT") {
    if (!hasDestAmount)
      issue(["destination", "amount"], "Required for STABLECOIN_TO_FIAT (the source amount comes from the quote)");
    if (hasAmount)
      issue(["amount"], "STABLECOIN_TO_FIAT takes destination.amount; the source amount comes from the quote");
  } else {
    if (!hasAmount && !hasDestAmount) issue(["amount"], "FIAT_TO_FIAT needs amount or destination.amount");
    if (hasAmount && hasDestAmount) issue(["amount"], "FIAT_TO_FIAT takes amount or destination.amount, not both");
  }

  // Amounts finer than their currency's precision cannot be paid exactly (decision D4.3):
  // `amount` is in the source currency, destination.amount in the destination's.
  if (body.amount !== undefined && type !== "STABLECOIN_TO_FIAT") {
    const sourceCurrency = resolveSource(type, destination, source).currency;
    const problem = finerThanCurrency(body.amount, sourceCurrency, CURRENCY_PRECISION[sourceCurrency]);
    if (problem) issue(["amount"], problem);
  }
  if (destination.amount !== undefined) {
    const problem = finerThanCurrency(
      destination.amount,
      destination.currency,
      CURRENCY_PRECISION[destination.currency],
    );
    if (problem) issue(["destination", "amount"], problem);
  }
}

/** The source a request uses: the one sent, or the default of its type. */
export function resolveSource(
  type: SettlementType,
  destination: Destination,
  source: ResolvedSource | undefined,
): ResolvedSource {
  if (source) return source;
  if (type === "FIAT_TO_FIAT") return { ...DEFAULT_FIAT_SOURCE };
  // STABLECOIN_TO_STABLECOIN: the destination's stablecoin on the same chain (the type rules
  // guarantee a crypto destination; a fiat one falls back to the fiat default).
  if (isStablecoin(destination.currency) && isChain(destination.rail)) {
    return { currency: destination.currency, rail: destination.rail };
  }
  return { ...DEFAULT_FIAT_SOURCE };
}

/**
 * POST /v0/settlement-requests body. Output: payment_reason in the current taxonomy, amounts
 * canonical 8-decimal strings, IBAN electronic, `source` always present (defaults applied).
 * Not checked here (they need the service clock): checkReconciliationOverride and
 * isTransactionIdRemoved.
 */
export const settlementRequestCreateSchema = createBase
  .superRefine(typeRules)
  .transform((body) => ({ ...body, source: resolveSource(body.type, body.destination, body.source) }))
  .meta({ id: "SettlementRequestCreate" });

export type SettlementRequestCreateInput = z.input<typeof settlementRequestCreateSchema>;
export type SettlementRequestCreate = z.output<typeof settlementRequestCreateSchema>;

export const RECONCILIATION_OVERRIDE_MAX_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why a reconciliation_expected_at override is refused at `now` (the creation time), or null.
 * The issue belongs at path ["reconciliation_expected_at"].
 */
export function checkReconciliationOverride(value: string, now: Date): string | null {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return "Must be an ISO 8601 timestamp";
  if (at <= now.getTime()) return "Must be in the future";
  if (at > now.getTime() + RECONCILIATION_OVERRIDE_MAX_DAYS * DAY_MS) {
    return `Must be at most ${RECONCILIATION_OVERRIDE_MAX_DAYS} days after creation`;
  }
  return null;
}

/** transaction_id was removed on 2026-05-25 (decisions D5): from this instant it is refused. */
export const TRANSACTION_ID_REMOVED_AT = "2026-05-25T00:00:00.000Z";

/** True when a request sending transaction_id must get 400 naming external_id. */
export function isTransactionIdRemoved(now: Date): boolean {
  return now.getTime() >= Date.parse(TRANSACTION_ID_REMOVED_AT);
}

const PUT_ALIASES_TEXT = Object.entries(PUT_STATUS_ALIASES)
  .map(([alias, status]) => `${alias} = ${status}`)
  .join(", ");

/** PUT /v0/settlement-requests/{id} body. Output `status` is canonical. */
export const settlementRequestUpdateSchema = z
  .object({
    status: z
      .enum(PUT_STATUS_INPUTS, { error: enumMessage(PUT_STATUS_INPUTS) })
      .transform((status) => canonicalPutStatus(status))
      .meta({ description: `Target status. Aliases: ${PUT_ALIASES_TEXT}` }),
    external_id: externalId.optional(),
    transaction_id: transactionId.optional(),
    txHash: z
      .string()
      .regex(/^[\x21-\x7e]{1,255}$/, "Must be 1 to 255 printable characters without spaces")
      .optional()
      .meta({
        description:
          "Transaction hash; stored on the inbound payment when moving to FUNDS_SENT, on the outbound when completing",
      }),
  })
  .meta({ id: "SettlementRequestUpdate" });

export type SettlementRequestUpdateInput = z.input<typeof settlementRequestUpdateSchema>;
export type SettlementRequestUpdate = z.output<typeof settlementRequestUpdateSchema>;
