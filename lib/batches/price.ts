import "server-only";
import type { Executor } from "@/lib/db/database";
import { countriesFor } from "@/lib/dashboard/routes";
import { isFiat } from "@/lib/schemas/catalog";
import type { RateQuery } from "@/lib/schemas/rates";
import { settlementRequestCreateSchema } from "@/lib/schemas/settlement-request";
import { getRate } from "@/lib/settlement-api";
import { Pacer } from "./pacer";
import { failureText, paced } from "./send-row";
import { setBatch, type BatchRow } from "./store";
import { recordQuote, rowsWithout } from "./work-queue";
import type { RowQuote } from "./types";

const CHUNK = 20;

/**
 * The quote of one settlement-request row (GET /v0/rates): its source and destination as the
 * service reads them (the type's default source when the row has none), the amount on the side
 * the row gives it. Null when the body is not a request (the review already says why).
 */
export function rateQueryOf(body: unknown): RateQuery | null {
  const parsed = settlementRequestCreateSchema.safeParse(body);
  if (!parsed.success) return null;
  const r = parsed.data;
  const country = (currency: string, given?: string) =>
    isFiat(currency) ? (given ?? countriesFor(currency)[0]) : undefined;
  const sourceCountry = "country_code" in r.source ? r.source.country_code : undefined;
  const destinationCountry =
    "beneficiary" in r.destination && r.destination.beneficiary
      ? r.destination.beneficiary.address.country_code
      : undefined;
  const query: Record<string, string | undefined> = {
    sourceCurrencyCode: r.source.currency,
    sourceRail: r.source.rail,
    sourceCountryCode: country(r.source.currency, sourceCountry),
    destinationCurrencyCode: r.destination.currency,
    destinationRail: r.destination.rail,
    destinationCountryCode: country(r.destination.currency, destinationCountry),
    ...(r.amount !== undefined ? { sourceAmount: r.amount } : { destinationAmount: r.destination.amount }),
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as RateQuery;
}

/**
 * Prices a settlement-request batch with the service's quotes, row by row, in the batch's own
 * environment (decisions D20.3): each row's fee and rate, stored as learnt. It leaves half of
 * the key's rate-limit window to everything else (waits for the reset past that), so pricing a
 * big file never starves the people using the console meanwhile.
 */
export async function priceBatch(
  db: Executor,
  batch: BatchRow,
  keepAlive: () => Promise<boolean>,
): Promise<"done" | "paused"> {
  if (batch.quoteState === "queued") await setBatch(db, batch.id, { quoteState: "running" });
  const pacer = new Pacer(0);
  for (;;) {
    if (!(await keepAlive())) return "paused";
    const rows = await rowsWithout(db, batch.id, "quote", CHUNK);
    if (rows.length === 0) break;
    for (const row of rows) {
      const query = rateQueryOf(row.body);
      let quote: RowQuote;
      if (!query) quote = { error: "Not a settlement request the service would quote" };
      else {
        const result = await paced(pacer, () => getRate(batch.environment, query), keepAlive);
        if (!result.ok) {
          if (result.error.kind === "network" || result.error.kind === "stopped") return "paused";
          quote = { error: failureText(result.error) };
        } else {
          const data = result.data;
          quote = {
            fee: String(data.fee.total),
            feeCurrency: data.fee.currency,
            rate: String(data.effective_rate),
            send: String(data.source_amount),
            sendCurrency: data.source_currency,
          };
          const rate = result.rateLimit;
          if (rate && rate.remaining < rate.limit / 2) pacer.blockFor(rate.resetSeconds);
        }
      }
      await recordQuote(db, batch.id, row.rowNo, quote);
    }
  }
  await setBatch(db, batch.id, { quoteState: "done" });
  return "done";
}
