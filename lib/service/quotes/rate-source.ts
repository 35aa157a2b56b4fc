import "server-only";

import type { Dec } from "@/lib/money/decimal";

/**
 * Where mid-market rates come from (decisions D4). The default is the fixed table in
 * `fixed-rates.ts`; a live feed can implement the same interface.
 *
 * `midMarketRate(source, destination)` is the number of destination units one source unit
 * buys before fees, or null when the source has no rate for the pair. It must be positive and
 * finite. The quote engine rounds it to `RATE_SIGNIFICANT_DIGITS` (12) before use, so the rate
 * it reports is exactly the rate it computed with.
 */
export interface RateSource {
  midMarketRate(source: string, destination: string): Dec | null;
}
