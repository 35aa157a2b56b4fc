/**
 * A balance statement (extension): every ledger movement of one currency with the running
 * balance after it, between opening and closing balances. Browser-safe.
 */
import { z } from "@/lib/schemas/zod";
import { STABLECOINS } from "./catalog";
import { decimalString } from "./amount";
import { dateOrInstant, enumMessage } from "./common";

export const STATEMENT_MAX_ENTRIES = 1000;

export const statementQuerySchema = z.object({
  from: dateOrInstant("Movements at or after (a date: from its start, UTC)"),
  to: dateOrInstant("Movements up to the end of this date, or before this instant"),
});
export type StatementQuery = z.output<typeof statementQuerySchema>;

export const statementCurrencyParamSchema = z.object({
  currency: z
    .enum(STABLECOINS, { error: enumMessage(STABLECOINS) })
    .meta({ description: "A stablecoin of the pre-funded balance" }),
});

export const LEDGER_MOVEMENTS = [
  "seed",
  "operator_set",
  "sandbox_fund",
  "reserve",
  "release",
  "consume",
  "network_fee",
] as const;

const parts = z.object({ available: decimalString, reserved: decimalString, total: decimalString });

export const statementEntrySchema = z
  .object({
    seq: z.number().int(),
    created_at: z.string(),
    kind: z.enum(LEDGER_MOVEMENTS),
    available_delta: decimalString,
    reserved_delta: decimalString,
    total_delta: decimalString,
    /** What caused it: a disbursement, a /v1 payment, the operator, the sandbox's starting balance. */
    ref_type: z.string(),
    ref_id: z.string().nullable(),
    balance_after: parts,
  })
  .meta({ id: "StatementEntry" });
export type StatementEntry = z.output<typeof statementEntrySchema>;

export const statementSchema = z
  .object({
    currency: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    opening: parts,
    closing: parts,
    entries: z.array(statementEntrySchema),
    /** More than STATEMENT_MAX_ENTRIES movements in the range: the first ones are listed, the closing covers all. */
    truncated: z.boolean(),
  })
  .meta({ id: "BalanceStatement" });
export type Statement = z.output<typeof statementSchema>;
