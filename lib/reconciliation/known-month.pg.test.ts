/**
 * A generated month with a known answer (issue 57), on the machine's PostgreSQL: December 2026 for
 * a merchant in New York, in every currency, with items on both sides of each month's edge in the
 * merchant's zone (23:50 on 30 Nov, 00:10 on 1 Dec, 23:45 on 31 Dec, 00:05 on 1 Jan), a refund,
 * a failed payin, a payer who paid twice, two payers whose references differ only by punctuation,
 * payments still moving at the month's end, and a late item after the lock. The service's lists
 * are served from the generated rows with the API's window rules; every report total, Close line
 * and match is compared with the answer the generator kept, in integers of minor units.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { migratedPostgres, type TestDatabase } from "@/test/console-postgres";

const ZONE = "America/New_York";
vi.mock("@/lib/env", async (original) => {
  const real = await original<typeof import("@/lib/env")>();
  const parsed = real.parseEnv({ ...process.env, MERCHANT_TIME_ZONE: ZONE });
  return { ...real, env: () => parsed };
});

const FIAT = ["USD", "EUR", "GBP", "MXN", "NGN", "CAD"] as const;
const COINS = ["USDC", "USDT", "EURC"] as const;
const PLACES: Record<string, number> = { USD: 2, EUR: 2, GBP: 2, MXN: 2, NGN: 2, CAD: 2, USDC: 6, USDT: 6, EURC: 6 };

type Row = Record<string, unknown> & { id: string; created_at: string };
const payments: Row[] = [];
const requests: Row[] = [];

/** New York wall time → ISO instant (December and November 2026 are EST, UTC-5). */
const ny = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00-05:00`)).toISOString();
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

let seq = 0;
let seed = 57;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
/** An amount in minor units and its decimal string at the currency's places. */
function amount(currency: string): { minor: bigint; text: string } {
  const places = PLACES[currency] as number;
  const minor = BigInt(Math.floor(1000 + random() * 900_000)) * (places === 6 ? 10_000n : 1n);
  const text = `${minor / 10n ** BigInt(places)}.${String(minor % 10n ** BigInt(places)).padStart(places, "0")}`;
  return { minor, text };
}

/** A payin in `currency` converted to USDC: its request and its two payments, as the API lists them. */
function payin(
  currency: string,
  createdAt: string,
  o: { status?: string; minutesToComplete?: number; reference?: string; counterparty?: string; value?: string } = {},
) {
  seq++;
  const a = o.value ? { minor: 0n, text: o.value } : amount(currency);
  const status = o.status ?? "COMPLETED";
  const completedAt =
    status === "COMPLETED" || status === "REFUNDED" ? plus(createdAt, o.minutesToComplete ?? 5) : null;
  const srId = `sr_${String(seq).padStart(4, "0")}`;
  const reference = o.reference ?? `INV-${currency}-${seq}`;
  const counterparty = o.counterparty ?? `Payer ${seq}`;
  const outCurrency = currency === "USDC" ? "EURC" : "USDC";
  const done = status === "COMPLETED";
  requests.push({
    id: srId,
    type: "FIAT_TO_STABLECOIN",
    payment_reason: "PURCHASE_OF_GOODS",
    status: done ? "SETTLEMENT_COMPLETED" : status === "FAILED" ? "PAYIN_FAILED" : "FUNDS_SENT",
    amount: a.text,
    external_id: reference,
    metadata: { counterparty },
    source: { currency, rail: "LOCAL" },
    destination: { currency: outCurrency, rail: "ETHEREUM" },
    payment_instructions: {
      amount: a.text,
      currency,
      destination_amount: "10.000000",
      destination_currency: outCurrency,
      fee: { total: 1.5, currency },
    },
    inbound_payment: { id: `pay_in_${seq}`, status, amount: a.text, currency },
    outbound_payment: {
      id: `pay_out_${seq}`,
      status: done ? "COMPLETED" : "AWAITING_FUNDS",
      amount: "10.000000",
      currency: outCurrency,
    },
    created_at: createdAt,
    completed_at: done ? plus(createdAt, 8) : null,
    failure_code: null,
    failure_reason: null,
  });
  payments.push({
    id: `pay_in_${seq}`,
    type: "PAYIN",
    status,
    source: { amount: a.text, currency, rail: "LOCAL" },
    destination: { amount: a.text, currency, rail: "LOCAL" },
    received_amount: null,
    fee: "1.50",
    settlement_request_id: srId,
    disbursement_id: null,
    created_at: createdAt,
    updated_at: completedAt ?? createdAt,
    completed_at: completedAt,
  });
  return { id: `pay_in_${seq}`, srId, currency, amount: a, status, createdAt, completedAt, reference, counterparty };
}

/** The API's window of a list (lib/schemas/created-range.ts): a date is its whole UTC day, an instant is exclusive. */
function within(row: Row, q: { created_from?: string; created_to?: string }) {
  const at = Date.parse(row.created_at);
  const from = q.created_from
    ? Date.parse(q.created_from.length === 10 ? `${q.created_from}T00:00:00Z` : q.created_from)
    : -Infinity;
  const to = q.created_to
    ? q.created_to.length === 10
      ? Date.parse(`${q.created_to}T00:00:00Z`) + 86_400_000
      : Date.parse(q.created_to)
    : Infinity;
  return at >= from && at < to;
}
function list(rows: Row[], q: { created_from?: string; created_to?: string; page: number; page_size: number }) {
  const all = rows
    .filter((r) => within(r, q))
    .sort((x, y) => y.created_at.localeCompare(x.created_at) || y.id.localeCompare(x.id));
  const data = all.slice((q.page - 1) * q.page_size, q.page * q.page_size);
  return {
    ok: true,
    data: {
      data,
      pagination: {
        page: q.page,
        page_size: q.page_size,
        total: all.length,
        total_pages: Math.ceil(all.length / q.page_size),
      },
    },
  };
}
vi.mock("@/lib/settlement-api", () => ({
  // The streamed export (GET /v0/exports/{kind}): the window's rows, newest first.
  exportRows: async function* (_e: string, kind: string, from: string, to: string) {
    const rows = kind === "payments" ? payments : kind === "settlement-requests" ? requests : [];
    yield* list(rows, { created_from: from, created_to: to, page: 1, page_size: rows.length || 1 }).data.data;
  },
  getBalanceStatement: async () => ({ ok: false, error: { message: "no ledger in this test" } }),
  getSandboxClock: async () => ({ ok: false, error: { message: "no clock" } }),
}));

const { syncMovements } = await import("./sync");
const { runMatching } = await import("./run");
const { closePack, lockPeriod } = await import("./close");
const { insertExpected } = await import("./expected-store");
const { listExceptions } = await import("./exceptions-store");
const { loadCloseReads } = await import("./close-reads-store");
const { writeOff } = await import("./work");
const { REPORT_DEFINITIONS } = await import("@/lib/reports/definitions");

/** A decimal string as an integer of minor units at `places` (exact; throws on more digits). */
const minor = (text: string, places: number) => {
  const [whole = "0", fraction = ""] = text.replace("-", "").split(".");
  if (fraction.length > places) throw new Error(`${text} has more than ${places} places`);
  const v = BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, "0") || "0");
  return text.startsWith("-") ? -v : v;
};

describe("a generated December in New York, with its known answer (PostgreSQL)", () => {
  let a: TestDatabase;
  const known = {
    december: [] as ReturnType<typeof payin>[],
    paidDecember: new Map<string, bigint>(),
    feesDecember: new Map<string, bigint>(),
  };
  const pairs = new Map<string, number>();
  let punctuation: ReturnType<typeof payin>;
  let twice: ReturnType<typeof payin>[];

  beforeAll(async () => {
    a = await migratedPostgres();
    const edges: Array<[string, string, "Nov" | "Dec" | "Jan"]> = [
      ["2026-11-30", "23:50", "Nov"],
      ["2026-12-01", "00:10", "Dec"],
      ["2026-12-15", "12:00", "Dec"],
      ["2026-12-31", "23:45", "Dec"],
      ["2027-01-01", "00:05", "Jan"],
    ];
    for (const currency of [...FIAT, ...COINS]) {
      for (const [day, time, month] of edges) {
        const p = payin(currency, ny(day, time));
        if (month === "Dec") known.december.push(p);
      }
      // A refund and a failed payin in December: listed, never received.
      known.december.push(payin(currency, ny("2026-12-10", "10:00"), { status: "REFUNDED" }));
      known.december.push(payin(currency, ny("2026-12-11", "10:00"), { status: "FAILED" }));
    }
    // Still moving at the month's end (EUR): one in flight, one completed only in January.
    known.december.push(payin("EUR", ny("2026-12-31", "23:50"), { status: "PROCESSING" }));
    known.december.push(payin("EUR", ny("2026-12-31", "23:58"), { minutesToComplete: 10 }));
    // Two payers whose references differ only by punctuation, at the same amount (USD).
    punctuation = payin("USD", ny("2026-12-05", "09:00"), {
      reference: "AB-x-1-23",
      counterparty: "Beta Ltd",
      value: "700.00",
    });
    known.december.push(punctuation);
    // One payer who paid the same invoice twice (GBP).
    twice = [
      payin("GBP", ny("2026-12-07", "09:00"), { reference: "INV-TWICE", counterparty: "Twice Ltd", value: "250.00" }),
      payin("GBP", ny("2026-12-08", "09:00"), { reference: "INV-TWICE", counterparty: "Twice Ltd", value: "250.00" }),
    ];
    known.december.push(...twice);

    // What December received, by the merchant's day of completion, returned ones aside; and their fees.
    const decStart = Date.parse("2026-12-01T05:00:00Z");
    const decEnd = Date.parse("2027-01-01T05:00:00Z");
    for (const p of payments) {
      const at = p.completed_at ? Date.parse(p.completed_at as string) : Number.NaN;
      if (p.status !== "COMPLETED" || !(at >= decStart && at < decEnd)) continue;
      const side = p.source as { amount: string; currency: string };
      const places = PLACES[side.currency] as number;
      known.paidDecember.set(side.currency, (known.paidDecember.get(side.currency) ?? 0n) + minor(side.amount, places));
      known.feesDecember.set(
        side.currency,
        (known.feesDecember.get(side.currency) ?? 0n) + 150n * 10n ** BigInt(places - 2),
      );
    }
    for (const r of requests) {
      const at = Date.parse(r.created_at);
      if (!(at >= decStart && at < decEnd) || r.status !== "SETTLEMENT_COMPLETED") continue;
      const key = `${(r.source as { currency: string }).currency} → ${(r.destination as { currency: string }).currency}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }

    // What finance expected: every completed December payin by its reference, the punctuation
    // payer's invoice from Alpha Ltd, and the twice-paid invoice once.
    const expected = known.december
      .filter((p) => p.status === "COMPLETED" && p !== punctuation && !twice.includes(p))
      .map((p) => ({
        direction: "in" as const,
        amount: p.amount.text,
        currency: p.currency,
        toleranceAbs: "0",
        tolerancePct: "0",
        windowStart: "2026-12-01",
        windowEnd: "2026-12-31",
        counterparty: p.counterparty,
        reference: p.reference,
        source: "csv" as const,
      }));
    expected.push(
      {
        ...expected[0],
        amount: "700.00",
        currency: "USD",
        counterparty: "Alpha Ltd",
        reference: "AB-x-12-3",
      } as (typeof expected)[number],
      {
        ...expected[0],
        amount: "250.00",
        currency: "GBP",
        counterparty: "Twice Ltd",
        reference: "INV-TWICE",
      } as (typeof expected)[number],
    );
    await insertExpected(a.db, "sandbox", expected, "fin@example.com");
    expect(await syncMovements(a.db, "sandbox", "2026-12")).toMatchObject({ ok: true });
    await runMatching(a.db, "sandbox", "2026-12", "fin@example.com", "2027-01-02");
  }, 120_000);
  afterAll(async () => {
    await a?.close();
  });

  it("the payments report of December holds exactly December's payments in New York, totalled to the minor unit", async () => {
    const byCurrency = new Map<string, bigint>();
    const ids: string[] = [];
    const columns = REPORT_DEFINITIONS.payments.columns;
    for await (const cells of REPORT_DEFINITIONS.payments.rows({
      db: a.db,
      environment: "sandbox",
      period: "2026-12",
    })) {
      const row = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""]));
      ids.push(String(row.id));
      const currency = String(row.currency);
      // Every amount at its currency's places, exactly.
      expect(String(row.amount)).toMatch(new RegExp(`^\\d+\\.\\d{${PLACES[currency]}}$`));
      byCurrency.set(
        currency,
        (byCurrency.get(currency) ?? 0n) + minor(String(row.amount), PLACES[currency] as number),
      );
    }
    expect(ids.sort()).toEqual(known.december.map((p) => p.id).sort());
    const want = new Map<string, bigint>();
    for (const p of known.december) {
      const places = PLACES[p.currency] as number;
      want.set(p.currency, (want.get(p.currency) ?? 0n) + minor(p.amount.text, places));
    }
    expect(byCurrency).toEqual(want);
  });

  it("the settlement requests report holds December's requests, late-evening 31 Dec included, and nothing of 30 Nov or 1 Jan", async () => {
    const seen: string[] = [];
    for await (const cells of REPORT_DEFINITIONS.settlement_requests.rows({
      db: a.db,
      environment: "sandbox",
      period: "2026-12",
    }))
      seen.push(String(cells[0]));
    expect(seen.sort()).toEqual(known.december.map((p) => p.srId).sort());
  });

  it("every Close line: received and fees over the same movements, in transit at the end, FX by pair", async () => {
    for (const currency of FIAT) {
      const pack = await closePack(a.db, "sandbox", currency, "2026-12");
      expect(pack.proof.kind).toBe("flows");
      if (pack.proof.kind !== "flows") continue;
      expect(minor(pack.proof.received, 2), `${currency} received`).toBe(known.paidDecember.get(currency) ?? 0n);
      const fees = pack.fees.reduce((sum, f) => sum + minor(f.total, 2), 0n);
      expect(fees, `${currency} fees`).toBe(known.feesDecember.get(currency) ?? 0n);
    }
    const eur = await loadCloseReads(a.db, "sandbox", "2026-12", "EUR");
    expect(eur?.inTransitCount).toBe(2);
    const fx = new Map<string, number>();
    for (const currency of [...FIAT, ...COINS])
      for (const pair of (await loadCloseReads(a.db, "sandbox", "2026-12", currency))?.fx ?? [])
        fx.set(pair.pair, pair.count);
    expect(fx).toEqual(pairs);
  });

  it("every match is the known one: two payers alike by punctuation are not matched, a payment made twice is a duplicate", async () => {
    const exceptions = await listExceptions(a.db, "sandbox", { period: "2026-12", limit: 500 });
    const alpha = exceptions.find((x) => x.kind === "unmatched_expected" && x.currency === "USD");
    expect(alpha?.candidates).toEqual([punctuation.id]);
    expect(exceptions.filter((x) => x.kind === "duplicate").flatMap((x) => x.actualIds)).toEqual([twice[1]?.id]);
    const unexpected = exceptions.filter((x) => x.kind === "unmatched_actual").flatMap((x) => x.actualIds);
    expect(unexpected).toContain(punctuation.id);
    // Each refund came back: returned, never matched (one a currency).
    const refunded = known.december.filter((p) => p.status === "REFUNDED").map((p) => p.id);
    expect(
      exceptions
        .filter((x) => x.kind === "returned")
        .flatMap((x) => x.actualIds)
        .sort(),
    ).toEqual(refunded.sort());
    // The EUR payin completed at 00:08 on 1 Jan (New York) is late for a window ending 31 Dec.
    expect(exceptions.filter((x) => x.kind === "late").map((x) => x.currency)).toEqual(["EUR"]);
    // Nothing else is in the queue: every other December payin matched its invoice.
    expect(exceptions.length).toBe(3 + refunded.length + 1);
  });

  it("a locked month's figures do not move: a late GBP invoice lands in January as an adjustment", async () => {
    // The controller works GBP's two exceptions (the refund, the second payment) first.
    for (const x of await listExceptions(a.db, "sandbox", { period: "2026-12", limit: 500 }))
      if (x.currency === "GBP")
        expect((await writeOff(a.db, "sandbox", x.id, "worked at month-end", "controller@example.com")).ok).toBe(true);
    const before = await closePack(a.db, "sandbox", "GBP", "2026-12");
    expect(before.blocker).toBeNull();
    expect((await lockPeriod(a.db, "sandbox", "GBP", "2026-12", "controller@example.com")).ok).toBe(true);
    const locked = await closePack(a.db, "sandbox", "GBP", "2026-12");
    const { late } = await insertExpected(
      a.db,
      "sandbox",
      [
        {
          direction: "in",
          amount: "99.99",
          currency: "GBP",
          toleranceAbs: "0",
          tolerancePct: "0",
          windowStart: "2026-12-20",
          windowEnd: "2026-12-22",
          counterparty: "Late Ltd",
          reference: "INV-LATE",
          source: "csv",
        },
      ],
      "fin@example.com",
    );
    expect(late).toEqual([expect.objectContaining({ lockedPeriod: "2026-12", period: "2027-01" })]);
    await runMatching(a.db, "sandbox", "2026-12", "fin@example.com", "2027-01-02");
    expect(await closePack(a.db, "sandbox", "GBP", "2026-12")).toEqual(locked);
    expect((await closePack(a.db, "sandbox", "GBP", "2027-01")).adjustments).toEqual([
      expect.objectContaining({ amount: "99.99", forPeriod: "2026-12" }),
    ]);
  });
});
