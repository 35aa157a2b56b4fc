import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  FINAL_REQUEST_STATUSES,
  PAYIN_REQUEST_MOVES,
  PAYOUT_REQUEST_MOVES,
  PUT_RULES,
  PUT_STATUS_INPUTS,
  canonicalPutStatus,
  PAYMENT_STATUSES,
  SANDBOX_SETTLEMENT_STATUSES,
} from "@/lib/state-machine";
import { withTestService } from "../testing/with-test-service";
import { call, type Json } from "../testing/http";
import { BODIES } from "../testing/settlement-fixtures";

type Action =
  | { kind: "put"; status: string }
  | { kind: "sandboxRequest"; status: string }
  | { kind: "sandboxPayment"; side: "inbound_payment" | "outbound_payment"; status: string; amount?: string }
  | { kind: "advance"; ms: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PUT_STATUS_INPUTS).map((status): Action => ({ kind: "put", status })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...SANDBOX_SETTLEMENT_STATUSES)
      .map((status): Action => ({ kind: "sandboxRequest", status })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        side: fc.constantFrom("inbound_payment" as const, "outbound_payment" as const),
        status: fc.constantFrom(...PAYMENT_STATUSES),
        amount: fc.option(fc.constantFrom("100", "99.99", "100.01"), { nil: undefined }),
      })
      .map((a): Action => ({ kind: "sandboxPayment", ...a })),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(1_000, 2_000, 3_000, 31 * 60_000, 4 * 86_400_000)
      .map((ms): Action => ({ kind: "advance", ms })),
  },
);

const FINAL = new Set<string>(FINAL_REQUEST_STATUSES);
const PAYMENT_TARGETS = new Set<string>([
  ...Object.values(PAYIN_REQUEST_MOVES),
  ...Object.values(PAYOUT_REQUEST_MOVES),
  "PAYIN_AMOUNT_MISMATCH",
]);
const SCHEDULER_MOVES = new Set(["REQUEST_STARTED>REQUEST_EXPIRED", "FUNDS_SENT>FUNDS_RECEIVING_LATE"]);

/** Is a recorded move one the tables of decisions D7 and D8 allow? */
function allowed(h: Json): string | null {
  const from = String(h.from);
  const to = String(h.to);
  if (h.cause === "sandbox") return null;
  if (FINAL.has(from)) return `left final ${from} by ${String(h.cause)}`;
  if (from === to) return `${String(h.cause)} move to the same status ${to}`;
  if (h.cause === "api") {
    const canonical = canonicalPutStatus(to);
    return canonical && (PUT_RULES[canonical].from as readonly string[]).includes(from) ? null : `PUT ${from} → ${to}`;
  }
  if (h.cause === "payment")
    return PAYMENT_TARGETS.has(to) && typeof h.payment_id === "string" ? null : `payment move to ${to}`;
  if (h.cause === "scheduler") return SCHEDULER_MOVES.has(`${from}>${to}`) ? null : `scheduler ${from} → ${to}`;
  return `unknown cause ${String(h.cause)}`;
}

describe("model: random PUTs, sandbox PATCHes, payment changes and clock moves", () => {
  const s = withTestService();

  it("never moves outside the tables; final stays final; one history row per move", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const created = await call(s, "POST", "/v0/settlement-requests", BODIES.s2s);
        const r = created.body;
        const id = String(r.id);
        for (const a of actions) {
          const before = (await call(s, "GET", `/v0/settlement-requests/${id}`)).body.status as string;
          if (a.kind === "put") {
            const res = await call(s, "PUT", `/v0/settlement-requests/${id}`, { status: a.status });
            expect([200, 409]).toContain(res.status);
            if (res.status === 409) expect(res.body.error).toBe("invalid_transition");
            if (FINAL.has(before) && res.status === 200) expect(res.body.status).toBe(before);
          } else if (a.kind === "sandboxRequest") {
            expect(
              (await call(s, "PATCH", `/v0/sandbox/settlement-requests/${id}/status`, { status: a.status })).status,
            ).toBe(200);
          } else if (a.kind === "sandboxPayment") {
            const body: Json = { status: a.status };
            if (a.status === "FAILED") body.failure_reason = "simulated";
            if (a.amount && a.side === "inbound_payment") body.amount = a.amount;
            const res = await call(s, "PATCH", `/v0/sandbox/payments/${String((r[a.side] as Json).id)}/status`, body);
            expect(res.status).toBe(200);
          } else {
            await s.advance(a.ms);
          }
          const after = (await call(s, "GET", `/v0/settlement-requests/${id}`)).body.status as string;
          if (FINAL.has(before) && a.kind !== "sandboxRequest") expect(after).toBe(before);
        }
        const history = (await call(s, "GET", `/v0/settlement-requests/${id}/history`)).body.data as Json[];
        expect(history[0]).toMatchObject({ from: null, to: "REQUEST_STARTED", cause: "api" });
        for (let i = 1; i < history.length; i++) {
          expect(history[i].from, JSON.stringify(history)).toBe(history[i - 1].to);
          expect(allowed(history[i]), JSON.stringify(history[i])).toBeNull();
        }
        const final = (await call(s, "GET", `/v0/settlement-requests/${id}`)).body.status;
        expect(history.at(-1)?.to).toBe(final);
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});
