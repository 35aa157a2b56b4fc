import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  PAYMENT_STATUSES,
  SANDBOX_SETTLEMENT_STATUSES,
  type PaymentStatus,
  type SandboxSettlementStatus,
  FINAL_REQUEST_STATUSES,
  PUT_STATUS_INPUTS,
  canonicalPutStatus,
  describeClientMoves,
  isFinalRequestStatus,
  planClientMove,
  planPaymentEffect,
  planSandboxRequestMove,
  planTimeMoves,
  reconciliationExpectedAt,
  type PutStatus,
} from "@/lib/state-machine";

/** decisions D7's PUT table, copied by hand: target → allowed sources. */
const ALLOWED_FROM: Record<PutStatus, readonly SandboxSettlementStatus[]> = {
  FUNDS_SENT: ["REQUEST_STARTED"],
  REQUEST_CANCELED: ["REQUEST_STARTED"],
  PAYIN_UNDER_REVIEW: ["FUNDS_SENT", "FUNDS_RECEIVING_LATE"],
  PAYIN_CANCELED: ["FUNDS_SENT", "FUNDS_RECEIVING_LATE", "PAYIN_UNDER_REVIEW"],
  PAYIN_FAILED: ["FUNDS_SENT", "FUNDS_RECEIVING_LATE", "PAYIN_UNDER_REVIEW"],
  PAYIN_AMOUNT_MISMATCH: ["FUNDS_SENT", "FUNDS_RECEIVING_LATE", "PAYIN_UNDER_REVIEW"],
  REQUEST_COMPLETED: ["SETTLEMENT_SENT", "SETTLEMENT_COMPLETED"],
};
const ALIASES: Record<string, PutStatus> = {
  PROCESSING: "FUNDS_SENT",
  COMPLETED: "REQUEST_COMPLETED",
  CANCELED: "REQUEST_CANCELED",
};

describe("final statuses", () => {
  it("are exactly the eight of decisions D7", () => {
    expect([...FINAL_REQUEST_STATUSES].sort()).toEqual(
      [
        "REQUEST_EXPIRED",
        "REQUEST_CANCELED",
        "REQUEST_COMPLETED",
        "REQUEST_REFUNDED",
        "PAYIN_CANCELED",
        "PAYIN_FAILED",
        "PAYOUT_CANCELED",
        "PAYOUT_FAILED",
      ].sort(),
    );
    expect(SANDBOX_SETTLEMENT_STATUSES.filter(isFinalRequestStatus)).toHaveLength(8);
    expect(isFinalRequestStatus("AWAITING_PAYIN_RECONCILIATION")).toBe(false);
    expect(isFinalRequestStatus("PAYIN_AMOUNT_MISMATCH")).toBe(false);
  });
});

describe("PUT aliases", () => {
  it.each(Object.entries(ALIASES))("%s is answered as %s", (alias, canonical) => {
    expect(canonicalPutStatus(alias)).toBe(canonical);
  });
  it("rejects values PUT cannot set", () => {
    expect(canonicalPutStatus("SETTLEMENT_SENT")).toBeNull();
    expect(canonicalPutStatus("toString")).toBeNull();
    expect(planClientMove("REQUEST_STARTED", "SETTLEMENT_SENT")).toEqual({
      kind: "invalid",
      message: "SETTLEMENT_SENT is not a status a PUT can set",
    });
  });
});

describe("planClientMove over every (from × PUT target) cell", () => {
  const cells = SANDBOX_SETTLEMENT_STATUSES.flatMap((from) => PUT_STATUS_INPUTS.map((input) => [from, input] as const));

  it("covers 17 × 10 cells, 19 of them moves", () => {
    expect(cells).toHaveLength(170);
    const moves = cells.filter(([from, input]) => planClientMove(from, input).kind === "move");
    expect(moves).toHaveLength(19);
  });

  it.each(cells)("%s → %s", (from, input) => {
    const to = ALIASES[input] ?? (input as PutStatus);
    const plan = planClientMove(from, input);
    if (from === to) expect(plan).toEqual({ kind: "noop", to });
    else if (ALLOWED_FROM[to].includes(from)) expect(plan).toMatchObject({ kind: "move", from, to });
    else expect(plan).toEqual({ kind: "invalid", message: `cannot move from ${from} to ${to}` });
  });

  it("never moves out of a final status", () => {
    for (const [from, input] of cells) {
      if (isFinalRequestStatus(from)) expect(planClientMove(from, input).kind).not.toBe("move");
    }
  });

  it("describes the table in the API's words, sources grouped", () => {
    expect(describeClientMoves()).toBe(
      "FUNDS_SENT, REQUEST_CANCELED from REQUEST_STARTED; PAYIN_UNDER_REVIEW from FUNDS_SENT, FUNDS_RECEIVING_LATE; " +
        "PAYIN_CANCELED, PAYIN_FAILED, PAYIN_AMOUNT_MISMATCH from FUNDS_SENT, FUNDS_RECEIVING_LATE, PAYIN_UNDER_REVIEW; " +
        "REQUEST_COMPLETED from SETTLEMENT_SENT, SETTLEMENT_COMPLETED",
    );
  });
});

describe("PUT effects", () => {
  it.each([
    ["REQUEST_STARTED", "FUNDS_SENT", { inbound: "PENDING", setReconciliation: true, txHashOn: "PAYIN" }],
    ["REQUEST_STARTED", "PROCESSING", { inbound: "PENDING", setReconciliation: true, txHashOn: "PAYIN" }],
    ["REQUEST_STARTED", "REQUEST_CANCELED", { inbound: "CANCELED", outbound: "CANCELED" }],
    ["REQUEST_STARTED", "CANCELED", { inbound: "CANCELED", outbound: "CANCELED" }],
    ["FUNDS_SENT", "PAYIN_UNDER_REVIEW", { inbound: "UNDER_REVIEW" }],
    // Contract 2026-12-02: the payout these funds were to pay for is canceled with them.
    ["FUNDS_RECEIVING_LATE", "PAYIN_CANCELED", { inbound: "CANCELED", outbound: "CANCELED" }],
    ["PAYIN_UNDER_REVIEW", "PAYIN_FAILED", { inbound: "FAILED", outbound: "CANCELED" }],
    ["SETTLEMENT_SENT", "REQUEST_COMPLETED", { setCompletedAt: true, txHashOn: "PAYOUT" }],
    ["SETTLEMENT_COMPLETED", "COMPLETED", { setCompletedAt: true, txHashOn: "PAYOUT" }],
  ] as const)("%s → %s", (from, input, effects) => {
    const to = ALIASES[input] ?? input;
    expect(planClientMove(from, input)).toEqual({ kind: "move", from, to, ...effects });
  });

  it("PAYIN_AMOUNT_MISMATCH records the failure, with its direction when the amounts are known", () => {
    expect(planClientMove("FUNDS_SENT", "PAYIN_AMOUNT_MISMATCH")).toEqual({
      kind: "move",
      from: "FUNDS_SENT",
      to: "PAYIN_AMOUNT_MISMATCH",
      failure: {
        code: null,
        reason: "The client reported that the amount received differs from the instructed amount",
      },
    });
    const plan = planClientMove("FUNDS_SENT", "PAYIN_AMOUNT_MISMATCH", {
      instructedAmount: "100.00000000",
      receivedAmount: "99.5",
      currency: "USDC",
    });
    expect(plan).toMatchObject({ failure: { code: "AMOUNT_MISMATCH_UNDERPAYMENT" } });
  });

  it("noop on the current status, also through an alias and from a final status", () => {
    expect(planClientMove("FUNDS_SENT", "PROCESSING")).toEqual({ kind: "noop", to: "FUNDS_SENT" });
    expect(planClientMove("REQUEST_COMPLETED", "COMPLETED")).toEqual({ kind: "noop", to: "REQUEST_COMPLETED" });
    expect(planClientMove("PAYIN_FAILED", "PAYIN_FAILED")).toEqual({ kind: "noop", to: "PAYIN_FAILED" });
  });

  it("names from and to when refusing", () => {
    expect(planClientMove("REQUEST_COMPLETED", "PROCESSING")).toEqual({
      kind: "invalid",
      message: "cannot move from REQUEST_COMPLETED to FUNDS_SENT",
    });
  });

  it("reconciliation: the override, else now + 3 days", () => {
    const now = new Date("2026-05-01T10:00:00Z");
    expect(reconciliationExpectedAt(null, now).toISOString()).toBe("2026-05-04T10:00:00.000Z");
    const override = new Date("2026-05-20T00:00:00Z");
    expect(reconciliationExpectedAt(override, now)).toBe(override);
  });
});

/** A whole request as the property test drives it, with a reducer that applies every plan. */
interface Model {
  status: SandboxSettlementStatus;
  inbound: PaymentStatus;
  outbound: PaymentStatus;
  outboundSince: number;
  now: number;
}

type Step =
  | { kind: "put"; input: string }
  | { kind: "payment"; type: "PAYIN" | "PAYOUT"; status: PaymentStatus; received: string | null }
  | { kind: "time"; advanceMs: number }
  | { kind: "sandbox"; to: SandboxSettlementStatus }
  | { kind: "sandboxPayment"; type: "PAYIN" | "PAYOUT"; status: PaymentStatus };

const VALID_UNTIL = 30 * 60_000;
const RECONCILE_AT = 3 * 86_400_000;

function setPayment(m: Model, type: "PAYIN" | "PAYOUT", status: PaymentStatus): void {
  if (type === "PAYIN") m.inbound = status;
  else if (m.outbound !== status) {
    m.outbound = status;
    m.outboundSince = m.now;
  }
}

function paymentChange(m: Model, type: "PAYIN" | "PAYOUT", status: PaymentStatus, received: string | null): void {
  setPayment(m, type, status);
  const effect = planPaymentEffect(type, status, {
    requestStatus: m.status,
    instructedAmount: "100.00000000",
    receivedAmount: received,
    outboundStatus: m.outbound,
  });
  if (effect.request.kind === "move") m.status = effect.request.to;
  if (effect.otherPayment) paymentChange(m, effect.otherPayment.type, effect.otherPayment.to, null);
}

function apply(m: Model, step: Step): void {
  switch (step.kind) {
    case "put": {
      const plan = planClientMove(m.status, step.input);
      if (plan.kind !== "move") return;
      m.status = plan.to;
      if (plan.inbound) m.inbound = plan.inbound;
      if (plan.outbound) setPayment(m, "PAYOUT", plan.outbound);
      return;
    }
    case "payment":
      paymentChange(m, step.type, step.status, step.received);
      return;
    case "time": {
      m.now += step.advanceMs;
      const moves = planTimeMoves(
        {
          status: m.status,
          validUntil: new Date(VALID_UNTIL),
          reconciliationExpectedAt: new Date(RECONCILE_AT),
          inbound: { status: m.inbound },
          outbound: { status: m.outbound, statusSince: new Date(m.outboundSince) },
        },
        new Date(m.now),
      );
      for (const move of moves) {
        if (move.kind === "payment") paymentChange(m, "PAYOUT", move.to, null);
        else {
          m.status = move.to;
          if (move.inbound) m.inbound = move.inbound;
          if (move.outbound) setPayment(m, "PAYOUT", move.outbound);
        }
      }
      return;
    }
    case "sandbox":
      m.status = planSandboxRequestMove(step.to).to;
      return;
    case "sandboxPayment":
      paymentChange(m, step.type, step.status, null);
      return;
  }
}

const paymentType = fc.constantFrom("PAYIN" as const, "PAYOUT" as const);
const paymentStatus = fc.constantFrom(...PAYMENT_STATUSES);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("put" as const), input: fc.constantFrom(...PUT_STATUS_INPUTS) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("payment" as const),
      type: paymentType,
      status: paymentStatus,
      received: fc.option(fc.constantFrom("100", "100.00000000", "99.99999999", "100.00000001", "0.1"), {
        nil: null,
      }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("time" as const),
      advanceMs: fc.constantFrom(500, 2_500, 60_000, VALID_UNTIL, RECONCILE_AT),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("sandbox" as const),
      to: fc.constantFrom(...SANDBOX_SETTLEMENT_STATUSES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("sandboxPayment" as const), type: paymentType, status: paymentStatus }),
  },
);

describe("property: only a sandbox request PATCH leaves a final status", () => {
  it("holds over random sequences of moves", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const m: Model = {
          status: "REQUEST_STARTED",
          inbound: "AWAITING_FUNDS",
          outbound: "AWAITING_FUNDS",
          outboundSince: 0,
          now: 0,
        };
        for (const s of steps) {
          const before = m.status;
          apply(m, s);
          expect(SANDBOX_SETTLEMENT_STATUSES).toContain(m.status);
          if (isFinalRequestStatus(before) && s.kind !== "sandbox") expect(m.status).toBe(before);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("a happy path reaches REQUEST_COMPLETED with no sandbox step", () => {
    const m: Model = {
      status: "REQUEST_STARTED",
      inbound: "AWAITING_FUNDS",
      outbound: "AWAITING_FUNDS",
      outboundSince: 0,
      now: 0,
    };
    const steps: Step[] = [
      { kind: "put", input: "PROCESSING" },
      { kind: "payment", type: "PAYIN", status: "PROCESSING", received: null },
      { kind: "payment", type: "PAYIN", status: "COMPLETED", received: "100.0" },
      { kind: "time", advanceMs: 2_500 },
      { kind: "time", advanceMs: 500 },
      { kind: "time", advanceMs: 2_500 },
      { kind: "put", input: "COMPLETED" },
    ];
    const seen = steps.map((s) => {
      apply(m, s);
      return m.status;
    });
    expect(seen).toEqual([
      "FUNDS_SENT",
      "FUNDS_SENT",
      "FUNDS_SENT",
      "SETTLEMENT_SENT",
      "SETTLEMENT_SENT",
      "SETTLEMENT_COMPLETED",
      "REQUEST_COMPLETED",
    ]);
    expect(m.outbound).toBe("COMPLETED");
  });
});

describe("status phases (lib/state-machine/phases.ts)", () => {
  it("give a status shared by several lists the same phase in each", async () => {
    const phases = await import("./phases");
    const seen = new Map<string, string>();
    for (const table of [
      phases.SETTLEMENT_STATUS_PHASES,
      phases.PAYMENT_STATUS_PHASES,
      phases.DISBURSEMENT_STATUS_PHASES,
      phases.V1_PAYMENT_STATUS_PHASES,
      phases.WEBHOOK_STATUS_PHASES,
      phases.WEBHOOK_DELIVERY_STATUS_PHASES,
    ]) {
      for (const [status, phase] of Object.entries(table)) {
        expect(seen.get(status) ?? phase, status).toBe(phase);
        seen.set(status, phase);
      }
    }
  });

  it("agree with the final statuses: a final request status is never pending or moving", async () => {
    const { SETTLEMENT_STATUS_PHASES } = await import("./phases");
    for (const status of FINAL_REQUEST_STATUSES)
      expect(["success", "failure", "neutral"], status).toContain(SETTLEMENT_STATUS_PHASES[status]);
  });
});
