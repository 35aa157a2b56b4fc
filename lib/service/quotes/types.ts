import type { Dec } from "@/lib/money/decimal";
import type { Currency } from "@/lib/schemas/catalog";
import type { QuoteRoute } from "./route";

/** A priced quote (quote.ts computes it, wire.ts shows it). */
export interface Quote {
  route: QuoteRoute;
  /** Which amount the caller gave. */
  given: "source" | "destination";
  midMarketRate: Dec;
  invertedMidMarketRate: Dec;
  effectiveRate: Dec;
  sourceAmount: Dec;
  destinationAmount: Dec;
  /** The destination amount asked for, when `given` is "destination" (≤ destinationAmount). */
  requestedDestinationAmount: Dec | null;
  fee: { fixed: Dec; variable: Dec; total: Dec; currency: Currency };
}
