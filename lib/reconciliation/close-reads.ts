import Decimal from "decimal.js";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { monthEnd, monthStart } from "./period";

/**
 * What a month's close needs from the service besides the ledger (decisions D24.7): the payments
 * in transit at the month's end and the month's conversions, per currency. The sync counts them
 * while it reads the month (every payment and request, by moving windows, never capped), so the
 * close page reads one stored row instead of walking the API on every view.
 */
export type CloseReads = {
  currency: string;
  inTransitCount: number;
  inTransitTotal: string;
  /** The oldest ones, at most IN_TRANSIT_SHOWN: the ones stuck longest. */
  inTransit: InTransitPayment[];
  fx: FxPair[];
};

export type InTransitPayment = { id: string; type: string; status: string; amount: string; createdAt: string };
export type FxPair = {
  pair: string;
  count: number;
  source: string;
  destination: string;
  sourceTotal: string;
  destinationTotal: string;
};

/** How many in-transit payments a close keeps by name; the count and total cover them all. */
export const IN_TRANSIT_SHOWN = 100;

const IN_FLIGHT = new Set(["PENDING", "PROCESSING", "SENT", "UNDER_REVIEW", "SCHEDULED"]);
const DONE = new Set(["SETTLEMENT_COMPLETED", "REQUEST_COMPLETED"]);

/**
 * Counts one month's close reads from the payments and requests the sync reads (newest first).
 * In transit: a payment created from MOVEMENT_MARGIN_DAYS before the month to its end that was
 * still moving at the end (in flight now, or completed after it). FX: a request created in the
 * month that completed, whose inbound and outbound currencies differ. The month is the merchant's
 * (its first and end instants in `timeZone`), as every other figure of the close and the reports.
 */
export class CloseReadsTally {
  private readonly start: number;
  private readonly end: number;
  private readonly transit = new Map<string, { count: number; total: Decimal; oldest: InTransitPayment[] }>();
  private readonly pairs = new Map<
    string,
    { source: string; destination: string; count: number; sourceTotal: Decimal; destinationTotal: Decimal }
  >();

  constructor(period: string, timeZone: string) {
    this.start = monthStart(period, timeZone);
    this.end = monthEnd(period, timeZone);
  }

  addPayment(p: Payment): void {
    if (Date.parse(p.created_at) >= this.end) return;
    const completedAfter = p.completed_at ? Date.parse(p.completed_at) >= this.end : false;
    if (!IN_FLIGHT.has(p.status) && !completedAfter) return;
    const side = p.type === "PAYIN" ? p.source : p.destination;
    const t = this.transit.get(side.currency) ?? { count: 0, total: new Decimal(0), oldest: [] };
    t.count++;
    t.total = t.total.plus(side.amount);
    // Read newest first: the last ones seen are the oldest.
    t.oldest.push({ id: p.id, type: p.type, status: p.status, amount: side.amount, createdAt: p.created_at });
    if (t.oldest.length > IN_TRANSIT_SHOWN) t.oldest.shift();
    this.transit.set(side.currency, t);
  }

  addRequest(r: SettlementRequest): void {
    const at = Date.parse(r.created_at);
    if (at < this.start || at >= this.end || !DONE.has(r.status)) return;
    const a = r.inbound_payment;
    const b = r.outbound_payment;
    if (!a || !b || a.currency === b.currency) return;
    const key = `${a.currency} → ${b.currency}`;
    const p = this.pairs.get(key) ?? {
      source: a.currency,
      destination: b.currency,
      count: 0,
      sourceTotal: new Decimal(0),
      destinationTotal: new Decimal(0),
    };
    p.count++;
    p.sourceTotal = p.sourceTotal.plus(a.amount);
    p.destinationTotal = p.destinationTotal.plus(b.amount);
    this.pairs.set(key, p);
  }

  /** The reads of every currency in `currencies` (one with nothing is read as nothing, not left unread). */
  result(currencies: readonly string[]): CloseReads[] {
    return currencies.map((currency) => {
      const t = this.transit.get(currency);
      const fx = [...this.pairs.entries()]
        .filter(([, p]) => p.source === currency || p.destination === currency)
        .map(([pair, p]) => ({
          pair,
          count: p.count,
          source: p.source,
          destination: p.destination,
          sourceTotal: p.sourceTotal.toFixed(),
          destinationTotal: p.destinationTotal.toFixed(),
        }))
        .sort((x, y) => x.pair.localeCompare(y.pair));
      return {
        currency,
        inTransitCount: t?.count ?? 0,
        inTransitTotal: (t?.total ?? new Decimal(0)).toFixed(),
        inTransit: [...(t?.oldest ?? [])].sort(
          (x, y) => x.createdAt.localeCompare(y.createdAt) || x.id.localeCompare(y.id),
        ),
        fx,
      };
    });
  }
}
