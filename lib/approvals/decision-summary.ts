import "server-only";
import Decimal from "decimal.js";
import {
  disbursementLines,
  settlementPreviewLines,
  settlementRequestLines,
  v1PaymentLines,
  type ConfirmLine,
} from "@/lib/dashboard/confirm-summary";
import type { Executor } from "@/lib/db/database";
import { formatMoney } from "@/lib/money/format";
import { availableBalances } from "@/lib/settlement-api/available-balances";
import { priceSettlementRequest } from "@/lib/settlement-api/price-settlement-request";
import { disbursementCreateSchema } from "@/lib/schemas/disbursement";
import { maskTail } from "@/lib/schemas/mask";
import { settlementRequestCreateSchema, type SettlementRequestCreateInput } from "@/lib/schemas/settlement-request";
import { v1PaymentCreateSchema } from "@/lib/schemas/v1-payment";
import { destinationOfCall, type ControlledActionTable } from "./controlled-action";
import { coolingOffMinutes, findPayeeByKey, usableFrom } from "./payees";
import { destinationsOf } from "./money-calls";
import type { SubmissionRow } from "./store";
import { BATCH_SUBMISSION_PATH } from "./types";
import { formatUtcMinute } from "@/lib/dashboard/format-date";

/**
 * What an approver decides on (issue 43): the stored call restated as the production
 * confirmation restates a form, priced afresh by the service's quote, with the whole destination
 * (bank identifiers masked), its payee-book status, the balance it leaves from, the external_id
 * and the submitter. `warnings` are what the approver must not miss (a shortfall, a new
 * destination, a price that could not be had).
 */
export type DecisionSummary = { lines: ConfirmLine[]; warnings: string[] };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" ? (v as Obj) : {});
const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** The destination in full: a wallet address whole, a bank identifier masked to its last four. */
function destinationLine(destination: Obj): ConfirmLine | null {
  const wallet = text(destination.wallet_address) ?? text(destination.destination_wallet);
  if (wallet) return { label: "Destination wallet", value: wallet };
  for (const [field, label] of [
    ["iban", "IBAN"],
    ["clabe", "CLABE"],
    ["account_number", "Account number"],
  ] as const) {
    const value = text(destination[field]);
    if (value) return { label: `Destination ${label}`, value: maskTail(value.replace(/\s/g, "")) };
  }
  return null;
}

/**
 * A batch against the balance (issue 59): what each currency's total leaves of the balance now,
 * read when the approver opens the decision, and what the submitter was told when it was short.
 */
export function batchBalanceWarnings(
  body: unknown,
  balances: ReadonlyArray<{ currency: string; available_balance: string }> | null,
): string[] {
  const totals = (obj(body).totals ?? []) as Array<{ currency: string; amount: string }>;
  const short = (obj(body).shortfall ?? []) as Array<{ currency: string }>;
  const wasShort = new Set(Array.isArray(short) ? short.map((s) => s.currency) : []);
  if (!Array.isArray(totals)) return [];
  if (balances === null)
    return totals.length > 0
      ? ["The balance could not be read just now: check it on the Balances page before approving."]
      : [];
  const warnings: string[] = [];
  for (const t of totals) {
    const available = balances.find((b) => b.currency === t.currency)?.available_balance ?? "0";
    const gap = new Decimal(t.amount).minus(available);
    if (gap.gt(0))
      warnings.push(
        `Over the balance now: ${formatMoney(t.amount, t.currency)} to send, ${formatMoney(available, t.currency)} available (short by ${formatMoney(gap.toFixed(), t.currency)}).${wasShort.has(t.currency) ? " The submitter confirmed it will be funded before it runs;" : ""} Rows sent before it is funded fail.`,
      );
    else if (wasShort.has(t.currency))
      warnings.push(
        `Short when submitted, covered now: ${formatMoney(t.amount, t.currency)} to send, ${formatMoney(available, t.currency)} available.`,
      );
  }
  return warnings;
}

export async function decisionSummary(
  db: Executor,
  row: SubmissionRow,
  label: string,
  table: ControlledActionTable,
): Promise<DecisionSummary> {
  const lines: ConfirmLine[] = [];
  const warnings: string[] = [];
  if (row.path.startsWith(BATCH_SUBMISSION_PATH)) {
    // A batch is reviewed row by row on its own page; the summary says what it adds up to.
    return {
      lines: [
        {
          label: "Environment",
          value: row.environment === "production" ? "Production: real money" : "Sandbox: test money",
        },
        { label: "Batch", value: label },
      ],
      // Against the balance now, not only as it was when submitted (issues 44, 59).
      warnings: batchBalanceWarnings(row.body, await availableBalances(row.environment)),
    };
  }
  const body = obj(row.body);
  const environment = row.environment;
  let leaving: { amount: string; currency: string } | null = null;

  if (row.action === "settlement_request") {
    const parsed = settlementRequestCreateSchema.safeParse(row.body);
    if (parsed.success) {
      const priced = await priceSettlementRequest(environment, parsed.data);
      // The lines read the body as the form wrote it (the stored call is exactly that).
      const asSent = row.body as SettlementRequestCreateInput;
      if (priced.ok)
        lines.push(...settlementPreviewLines(priced.data, asSent), { label: "Rate", value: priced.data.rate });
      else {
        lines.push(...settlementRequestLines(asSent, environment));
        warnings.push(`It could not be priced just now (${priced.error.message}): the amounts above are as submitted.`);
      }
      const line = destinationLine(obj(parsed.data.destination));
      if (line) {
        // The whole destination instead of the shortened one the form's confirmation shows.
        const shortened = lines.findIndex(
          (l) => l.label === "Recipient" && /^(wallet|IBAN|CLABE|account) /.test(l.value),
        );
        if (shortened >= 0) lines.splice(shortened, 1);
        lines.push(line);
      }
    }
  } else if (row.action === "disbursement") {
    const parsed = disbursementCreateSchema.safeParse(row.body);
    if (parsed.success) {
      lines.push(...disbursementLines(parsed.data, environment).filter((l) => l.label !== "To wallet"));
      lines.push({ label: "Destination wallet", value: parsed.data.wallet_address });
      leaving = { amount: String(parsed.data.amount), currency: String(parsed.data.currency) };
    }
  } else if (row.action === "v1_payment") {
    const parsed = v1PaymentCreateSchema.safeParse(row.body);
    if (parsed.success) {
      lines.push(...v1PaymentLines(parsed.data, environment).filter((l) => l.label !== "To wallet"));
      lines.push({ label: "Destination wallet", value: parsed.data.destination_wallet });
      leaving = { amount: String(parsed.data.amount), currency: String(parsed.data.currency_code) };
    }
  }

  // The payee book: a saved destination by name, or a new one (and whether it still cools off).
  const key = destinationOfCall(table, row.action, row.body);
  if (key && row.action !== "payee") {
    const payee = await findPayeeByKey(db, environment, key);
    const history = (await destinationsOf(db, environment, [key])).get(key);
    if (payee) {
      const from = usableFrom(payee, await coolingOffMinutes(db, environment), history);
      lines.push({
        label: "Payee book",
        value:
          from > new Date()
            ? `“${payee.name}”, cooling off until ${formatUtcMinute(from)}`
            : `“${payee.name}”, saved by ${payee.addedBy}`,
      });
    } else {
      lines.push({
        label: "Payee book",
        value: history?.firstPaidAt
          ? `Not in the payee book; paid before, first on ${history.firstPaidAt.toISOString().slice(0, 10)}`
          : "Not in the payee book, and never paid from this account",
      });
      warnings.push("The destination is not in the payee book: check it with the recipient before approving.");
    }
  }

  if (leaving) {
    const balances = await availableBalances(environment);
    const balance = balances?.find((b) => b.currency === leaving.currency);
    if (balance) {
      const after = new Decimal(balance.available_balance).minus(leaving.amount);
      lines.push({
        label: "Available balance",
        value: `${formatMoney(balance.available_balance, leaving.currency)} → after ${formatMoney(after.toFixed(), leaving.currency)}`,
      });
      if (after.isNegative())
        warnings.push(
          `The ${leaving.currency} balance is short by ${formatMoney(after.negated().toFixed(), leaving.currency)}: it would fail.`,
        );
    } else lines.push({ label: "Available balance", value: "Unknown just now" });
  }

  // Anything else (a payee, an endpoint, a key, a production rule's change): what it does, in words.
  if (lines.length === 0) {
    lines.push(
      { label: "Environment", value: environment === "production" ? "Production: real money" : "Sandbox: test money" },
      { label: "What", value: label },
    );
  }
  const externalId = text(body.external_id) ?? text(body.reference);
  if (externalId) lines.push({ label: "External id", value: externalId });
  return { lines, warnings };
}
