import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { and, eq, inArray } from "drizzle-orm";
import { Dec, toDec } from "@/lib/money/decimal";
import { VALID } from "@/lib/schemas/test-fixtures";
import { ApiError } from "../errors";
import type { Caller } from "../context";
import { ensureAccount } from "../store/api-keys";
import { getBalance, ledgerSums, setTotalBalance } from "../store/ledger";
import { disbursements, v1Payments } from "../store/schema";
import { withTestService } from "../testing/with-test-service";
import { createDisbursement } from "./create-disbursement";
import { createV1Payment } from "./create-v1-payment";
import { forceDisbursementPayment } from "./disbursement-payment-owner";
import { notifyV1Payment } from "./notify-v1-payment";
import { sandboxSetV1PaymentStatus } from "./sandbox-set-v1-payment-status";
import { confirmDueV1Payments, expireDueV1Payments } from "./v1-payment-clock";

/**
 * Over random sequences of creates (disbursements and /v1 payments), notifications, expiries,
 * failures and completions: total = available + reserved at every step, no part is negative,
 * the ledger sums to the balance, and reserved is exactly the amounts still in flight.
 */
const amount = fc.integer({ min: 1, max: 40_000_000 }).map((n) => new Dec(n).dividedBy(1_000_000).toFixed()); // 0.000001 … 40
const op = fc.oneof(
  fc.record({ kind: fc.constant("disburse" as const), amount }),
  fc.record({
    kind: fc.constant("v1" as const),
    amount,
    chain: fc.constantFrom("SOLANA" as const, "ETHEREUM" as const),
  }),
  fc.record({ kind: fc.constant("notify" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("v1_fail" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("v1_complete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("disb_fail" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("disb_complete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("clock" as const), ms: fc.constantFrom(1_000, 3_000, 60_000, 300_000) }),
);

/** Small picks mean recent items (fast-check favours small numbers): those are still in flight. */
const latest = <T>(items: T[], pick: number): T => items[items.length - 1 - (pick % items.length)];

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
/** Runs that reach every end state, tried before the random ones. */
const EXAMPLES: Array<[string, Op[]]> = [
  [
    "100",
    [
      { kind: "v1", amount: "10", chain: "SOLANA" },
      { kind: "notify", pick: 0 },
      { kind: "clock", ms: 3_000 },
    ],
  ],
  [
    "100",
    [
      { kind: "v1", amount: "10", chain: "ETHEREUM" },
      { kind: "notify", pick: 0 },
      { kind: "v1_fail", pick: 0 },
    ],
  ],
  [
    "100",
    [
      { kind: "v1", amount: "10", chain: "SOLANA" },
      { kind: "clock", ms: 300_000 },
    ],
  ],
  [
    "100",
    [
      { kind: "disburse", amount: "10" },
      { kind: "clock", ms: 60_000 },
      { kind: "disburse", amount: "5" },
      { kind: "disb_fail", pick: 0 },
    ],
  ],
  [
    "12.5",
    [
      { kind: "v1", amount: "10", chain: "ETHEREUM" },
      { kind: "disburse", amount: "0.000001" },
      { kind: "notify", pick: 0 },
      { kind: "v1_complete", pick: 0 },
    ],
  ],
];

describe("balance invariants under random flows", () => {
  const s = withTestService();

  it("total = available + reserved, ledger = balance, reserved = in-flight amounts", async () => {
    let run = 0;
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^\d{1,3}(\.\d{1,6})?$/),
        fc.array(op, { minLength: 1, maxLength: 30 }),
        async (start, ops) => {
          const account = await ensureAccount(s.deps.db, `prop-${run++}-${Date.now()}`);
          const caller: Caller = {
            keyId: "prop",
            accountId: account.id,
            accountName: account.name,
            environment: "production",
          };
          const key = { accountId: account.id, environment: "production" as const, currency: "USDC" };
          await s.deps.db.transaction((tx) =>
            setTotalBalance(tx, key, start, "operator_set", { refType: "operator", refId: null }, s.clock.now()),
          );
          const disb: { id: string; paymentId: string }[] = [];
          const v1: { id: string; ref: string }[] = [];
          const tolerate = async (p: Promise<unknown>) => {
            try {
              await p;
            } catch (e) {
              if (!(e instanceof ApiError) || !["invalid_transition", "insufficient_funds"].includes(e.code)) throw e;
            }
          };

          for (const o of ops) {
            switch (o.kind) {
              case "disburse":
                await tolerate(
                  createDisbursement(s.deps, caller, {
                    wallet_address: VALID.evm,
                    amount: o.amount,
                    currency: "USDC",
                    chain: "ETHEREUM",
                  }).then((d) => disb.push({ id: d.id, paymentId: d.payment_id ?? "" })),
                );
                break;
              case "v1": {
                const wallet = o.chain === "SOLANA" ? VALID.solana : VALID.evm;
                await tolerate(
                  createV1Payment(s.deps, caller, {
                    type: "LIQUIDITY",
                    amount: o.amount,
                    currency_code: "USDC",
                    chain: o.chain,
                    destination_wallet: wallet,
                  }).then((p) => v1.push({ id: p.id, ref: p.reference_id })),
                );
                break;
              }
              case "notify":
                if (v1.length)
                  await tolerate(
                    notifyV1Payment(s.deps, caller, {
                      type: "INCOMING_PAYMENT",
                      reference_id: latest(v1, o.pick).ref,
                      rail: "WIRE",
                    }),
                  );
                break;
              case "v1_fail":
                if (v1.length)
                  await tolerate(
                    sandboxSetV1PaymentStatus(s.deps, caller, latest(v1, o.pick).id, {
                      status: "FAILED",
                      failure_reason: "boom",
                    }),
                  );
                break;
              case "v1_complete":
                if (v1.length)
                  await tolerate(
                    sandboxSetV1PaymentStatus(s.deps, caller, latest(v1, o.pick).id, { status: "COMPLETED" }),
                  );
                break;
              case "disb_fail":
              case "disb_complete":
                if (disb.length) {
                  const d = latest(disb, o.pick);
                  const status = o.kind === "disb_fail" ? "FAILED" : "COMPLETED";
                  await tolerate(
                    forceDisbursementPayment(s.deps, caller, {
                      paymentId: d.paymentId,
                      ownerId: d.id,
                      body: { status, failure_reason: "boom" },
                    }),
                  );
                }
                break;
              case "clock":
                await s.advance(o.ms);
                await expireDueV1Payments(s.deps, caller);
                await confirmDueV1Payments(s.deps);
                break;
            }

            const balance = await getBalance(s.deps.db, key);
            if (!balance) throw new Error("balance row missing");
            const [total, available, reserved] = [
              toDec(balance.total),
              toDec(balance.available),
              toDec(balance.reserved),
            ];
            expect(total.equals(available.plus(reserved))).toBe(true);
            expect(available.isNegative() || reserved.isNegative()).toBe(false);
            const sums = await ledgerSums(s.deps.db, key);
            expect([sums.available, sums.reserved]).toEqual([available.toFixed(), reserved.toFixed()]);

            const openD = await s.deps.db
              .select({ amount: disbursements.amount })
              .from(disbursements)
              .where(
                and(eq(disbursements.accountId, account.id), inArray(disbursements.status, ["PENDING", "PROCESSING"])),
              );
            const openV = await s.deps.db
              .select({ amount: v1Payments.amount })
              .from(v1Payments)
              .where(and(eq(v1Payments.accountId, account.id), inArray(v1Payments.status, ["CREATED", "PROCESSING"])));
            const inFlight = [...openD, ...openV].reduce((acc, r) => acc.plus(toDec(r.amount)), new Dec(0));
            expect(reserved.toFixed()).toBe(inFlight.toFixed());
          }
          for (const r of await s.deps.db
            .select({ status: disbursements.status })
            .from(disbursements)
            .where(eq(disbursements.accountId, account.id))) {
            seen.add(`disbursement ${r.status}`);
          }
          for (const r of await s.deps.db
            .select({ status: v1Payments.status })
            .from(v1Payments)
            .where(eq(v1Payments.accountId, account.id))) {
            seen.add(`v1 ${r.status}`);
          }
        },
      ),
      { numRuns: 60, examples: EXAMPLES },
    );
    // The runs did reach every end state (the property is not vacuous).
    for (const state of ["disbursement COMPLETED", "disbursement FAILED", "v1 COMPLETED", "v1 FAILED", "v1 EXPIRED"]) {
      expect([...seen].sort().join(", "), state).toContain(state);
    }
  });
});
