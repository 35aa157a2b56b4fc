import { describe, expect, it } from "vitest";

import {
  PAYMENT_STATUSES,
  SANDBOX_SETTLEMENT_STATUSES,
  type PaymentStatus,
  type SettlementStatus,
  DISBURSEMENT_RAIL_STATUSES,
  DISBURSEMENT_STATUSES,
  FINAL_REQUEST_STATUSES,
  HISTORY_CAUSES,
  OTHER_ENDED_REQUEST_STATUSES,
  REQUEST_FAILURE_STATUSES,
  SETTLED_REQUEST_STATUSES,
  V1_PAYMENT_STATUSES,
  V1_SANDBOX_TARGETS,
  disbursementNextStepAfterPaymentPatch,
  disbursementNextStepAt,
  isFinalDisbursementStatus,
  isFinalV1PaymentStatus,
  isV1PaymentDueToExpire,
  planDisbursementMove,
  planDisbursementPath,
  planDisbursementRailStep,
  DISBURSEMENT_STATUS_OF_PAYMENT,
  type DisbursementStatus,
  planPaymentEffect,
  planSandboxRequestMove,
  planTimeMoves,
  planV1PaymentMove,
  sandboxPaymentNeedsFailureReason,
  sandboxRequestTakesFailureCode,
  v1ClockMove,
  v1ConfirmationAt,
  v1PaymentExpiresAt,
  type TimedRequest,
} from "@/lib/state-machine";

const ctx = { requestStatus: "FUNDS_SENT", instructedAmount: "100.00000000", currency: "USDC" } as const;

/** decisions D7's second table, by hand: where a payment status takes a FUNDS_SENT request. */
const PAYIN_TO: Partial<Record<PaymentStatus, SettlementStatus>> = {
  UNDER_REVIEW: "PAYIN_UNDER_REVIEW",
  FAILED: "PAYIN_FAILED",
  CANCELED: "PAYIN_CANCELED",
  EXPIRED: "REQUEST_EXPIRED",
};
const PAYOUT_TO: Partial<Record<PaymentStatus, SettlementStatus>> = {
  SENT: "SETTLEMENT_SENT",
  COMPLETED: "SETTLEMENT_COMPLETED",
  UNDER_REVIEW: "PAYOUT_UNDER_REVIEW",
  FAILED: "PAYOUT_FAILED",
  CANCELED: "PAYOUT_CANCELED",
  REFUNDED: "REQUEST_REFUNDED",
};

/** Contract 2026-12-02: inbound funds that fail, are canceled or expire cancel the payout they were to fund. */
const UNFUNDED: readonly PaymentStatus[] = ["FAILED", "CANCELED", "EXPIRED"];

describe("planPaymentEffect", () => {
  it.each(PAYMENT_STATUSES.filter((s) => s !== "PROCESSING" && s !== "COMPLETED"))("inbound %s", (status) => {
    const to = PAYIN_TO[status];
    expect(planPaymentEffect("PAYIN", status, { ...ctx, outboundStatus: "AWAITING_FUNDS" })).toEqual({
      request: to ? { kind: "move", to } : { kind: "stay" },
      ...(UNFUNDED.includes(status) ? { otherPayment: { type: "PAYOUT", to: "CANCELED" } } : {}),
    });
  });

  it("inbound FAILED leaves a payout that already started on its course", () => {
    expect(planPaymentEffect("PAYIN", "FAILED", { ...ctx, outboundStatus: "PROCESSING" })).toEqual({
      request: { kind: "move", to: "PAYIN_FAILED" },
    });
  });

  it.each(PAYMENT_STATUSES)("outbound %s", (status) => {
    const to = PAYOUT_TO[status];
    expect(planPaymentEffect("PAYOUT", status, ctx)).toEqual({
      request: to ? { kind: "move", to } : { kind: "stay" },
      // Contract 2026-12-02: the payout completing sets the request's completed_at.
      ...(status === "COMPLETED" ? { setCompletedAt: true } : {}),
    });
  });

  it("inbound PROCESSING: stays, processing_at set", () => {
    expect(planPaymentEffect("PAYIN", "PROCESSING", ctx)).toEqual({ request: { kind: "stay" }, setProcessingAt: true });
  });

  it.each([undefined, null, "100", "100.00000000", "100.0"])(
    "inbound COMPLETED as instructed (%s) starts the payout",
    (received) => {
      expect(
        planPaymentEffect("PAYIN", "COMPLETED", { ...ctx, receivedAmount: received, outboundStatus: "AWAITING_FUNDS" }),
      ).toEqual({
        request: { kind: "stay" },
        otherPayment: { type: "PAYOUT", to: "PROCESSING" },
        setProcessingAt: true,
      });
    },
  );

  it.each([
    [
      "99.99999999",
      "AMOUNT_MISMATCH_UNDERPAYMENT",
      "Received 99.99999999 USDC, 0.00000001 USDC less than the instructed 100.00000000 USDC",
    ],
    [
      "100.00000001",
      "AMOUNT_MISMATCH_OVERPAYMENT",
      "Received 100.00000001 USDC, 0.00000001 USDC more than the instructed 100.00000000 USDC",
    ],
    [
      "0",
      "AMOUNT_MISMATCH_UNDERPAYMENT",
      "Received 0.00000000 USDC, 100.00000000 USDC less than the instructed 100.00000000 USDC",
    ],
  ])("inbound COMPLETED with %s → PAYIN_AMOUNT_MISMATCH, %s", (received, code, reason) => {
    expect(planPaymentEffect("PAYIN", "COMPLETED", { ...ctx, receivedAmount: received })).toEqual({
      request: { kind: "move", to: "PAYIN_AMOUNT_MISMATCH" },
      failure: { code, reason },
    });
  });

  it("compares decimals, not floats (0.1 + 0.2 = 0.3)", () => {
    const effect = planPaymentEffect("PAYIN", "COMPLETED", {
      ...ctx,
      instructedAmount: "0.3",
      receivedAmount: "0.30000000",
    });
    expect(effect.failure).toBeUndefined();
  });

  it("does not restart an outbound payment that already moved", () => {
    expect(planPaymentEffect("PAYIN", "COMPLETED", { ...ctx, outboundStatus: "SENT" })).toEqual({
      request: { kind: "stay", why: "outbound payment already SENT" },
    });
  });

  it("a target equal to the current status is a stay", () => {
    expect(planPaymentEffect("PAYOUT", "SENT", { ...ctx, requestStatus: "SETTLEMENT_SENT" })).toEqual({
      request: { kind: "stay" },
    });
  });

  it.each(FINAL_REQUEST_STATUSES)("a final request (%s) never moves and nothing cascades", (requestStatus) => {
    for (const type of ["PAYIN", "PAYOUT"] as const) {
      for (const status of PAYMENT_STATUSES) {
        const effect = planPaymentEffect(type, status, { ...ctx, requestStatus, receivedAmount: "1" });
        expect(effect).toEqual({ request: { kind: "stay", why: `request is final (${requestStatus})` } });
      }
    }
  });
});

describe("planTimeMoves", () => {
  const base: TimedRequest = {
    status: "REQUEST_STARTED",
    validUntil: new Date("2026-05-01T10:30:00Z"),
    reconciliationExpectedAt: null,
    inbound: { status: "AWAITING_FUNDS" },
    outbound: { status: "AWAITING_FUNDS", statusSince: new Date("2026-05-01T10:00:00Z") },
  };

  it("expires a started request at valid_until: inbound EXPIRED, outbound CANCELED", () => {
    expect(planTimeMoves(base, new Date("2026-05-01T10:29:59.999Z"))).toEqual([]);
    expect(planTimeMoves(base, new Date("2026-05-01T10:30:00Z"))).toEqual([
      { kind: "request", to: "REQUEST_EXPIRED", inbound: "EXPIRED", outbound: "CANCELED" },
    ]);
  });

  it("does not expire a request whose funds are already arriving", () => {
    expect(planTimeMoves({ ...base, inbound: { status: "PROCESSING" } }, new Date("2026-05-02T00:00:00Z"))).toEqual([]);
  });

  it("marks FUNDS_SENT late at reconciliation_expected_at, unless the payin completed", () => {
    const req: TimedRequest = {
      ...base,
      status: "FUNDS_SENT",
      inbound: { status: "PENDING" },
      reconciliationExpectedAt: new Date("2026-05-04T10:00:00Z"),
    };
    expect(planTimeMoves(req, new Date("2026-05-04T09:59:59Z"))).toEqual([]);
    expect(planTimeMoves(req, new Date("2026-05-04T10:00:00Z"))).toEqual([
      { kind: "request", to: "FUNDS_RECEIVING_LATE" },
    ]);
    expect(planTimeMoves({ ...req, inbound: { status: "COMPLETED" } }, new Date("2026-05-05T00:00:00Z"))).toEqual([]);
  });

  it("simulates the payout rail with configurable delays, only on a live request", () => {
    const since = new Date("2026-05-01T10:00:00Z");
    const rails = { processingToSentMs: 1_000, sentToCompletedMs: 5_000 };
    const req: TimedRequest = { ...base, status: "FUNDS_SENT", outbound: { status: "PROCESSING", statusSince: since } };
    expect(planTimeMoves(req, new Date(since.getTime() + 999), rails)).toEqual([]);
    expect(planTimeMoves(req, new Date(since.getTime() + 1_000), rails)).toEqual([
      { kind: "payment", paymentType: "PAYOUT", to: "SENT", dueAt: new Date(since.getTime() + 1_000) },
    ]);
    const sent: TimedRequest = { ...req, status: "SETTLEMENT_SENT", outbound: { status: "SENT", statusSince: since } };
    // A late tick: the step takes effect when it was due, not when the tick came.
    expect(planTimeMoves(sent, new Date(since.getTime() + 7_000), rails)).toEqual([
      { kind: "payment", paymentType: "PAYOUT", to: "COMPLETED", dueAt: new Date(since.getTime() + 5_000) },
    ]);
    expect(planTimeMoves({ ...sent, status: "PAYOUT_CANCELED" }, new Date(since.getTime() + 9_000), rails)).toEqual([]);
  });

  it("nothing happens to a final request", () => {
    expect(planTimeMoves({ ...base, status: "REQUEST_CANCELED" }, new Date("2030-01-01T00:00:00Z"))).toEqual([]);
  });
});

describe("sandbox", () => {
  it("moves anywhere, keeping failure fields only on failure statuses", () => {
    expect(planSandboxRequestMove("PAYOUT_FAILED", { failureReason: "bank rejected" })).toEqual({
      kind: "move",
      to: "PAYOUT_FAILED",
      failure: { code: null, reason: "bank rejected" },
    });
    expect(planSandboxRequestMove("REQUEST_STARTED", { failureReason: "x" })).toEqual({
      kind: "move",
      to: "REQUEST_STARTED",
      failure: { code: null, reason: null },
    });
  });
  it("a move into FUNDS_SENT sets reconciliation_expected_at; staying there does not", () => {
    expect(planSandboxRequestMove("FUNDS_SENT", { from: "REQUEST_STARTED" }).setReconciliation).toBe(true);
    expect(planSandboxRequestMove("FUNDS_SENT", { from: "FUNDS_SENT" }).setReconciliation).toBeUndefined();
    expect(planSandboxRequestMove("PAYIN_FAILED", { from: "REQUEST_STARTED" }).setReconciliation).toBeUndefined();
  });
  it("a payment FAILED needs a failure_reason", () => {
    expect(PAYMENT_STATUSES.filter(sandboxPaymentNeedsFailureReason)).toEqual(["FAILED"]);
  });
  it("a failure_code goes only with PAYIN_AMOUNT_MISMATCH", () => {
    expect(SANDBOX_SETTLEMENT_STATUSES.filter(sandboxRequestTakesFailureCode)).toEqual(["PAYIN_AMOUNT_MISMATCH"]);
  });
  it("a move to REQUEST_COMPLETED sets completed_at; no other does", () => {
    for (const to of SANDBOX_SETTLEMENT_STATUSES) {
      expect(planSandboxRequestMove(to).setCompletedAt).toBe(to === "REQUEST_COMPLETED" ? true : undefined);
    }
  });
  it("history causes", () => {
    expect(HISTORY_CAUSES).toEqual(["api", "sandbox", "payment", "scheduler"]);
  });
});

describe("disbursements", () => {
  const allowed = ["PENDING>PROCESSING", "PENDING>FAILED", "PROCESSING>COMPLETED", "PROCESSING>FAILED"];
  const cells = DISBURSEMENT_STATUSES.flatMap((from) => DISBURSEMENT_STATUSES.map((to) => [from, to] as const));
  it.each(cells)("%s → %s", (from, to) => {
    const plan = planDisbursementMove(from, to);
    if (allowed.includes(`${from}>${to}`)) expect(plan.kind).toBe("ok");
    else expect(plan).toEqual({ kind: "invalid", message: `cannot move from ${from} to ${to}` });
  });
  it("completion consumes the reserve, failure releases it", () => {
    expect(planDisbursementMove("PROCESSING", "COMPLETED")).toMatchObject({
      effects: { reserve: "consume", setTransactionHash: true },
    });
    expect(planDisbursementMove("PROCESSING", "FAILED")).toMatchObject({
      effects: { reserve: "release", needsFailureReason: true },
    });
    expect(planDisbursementMove("PENDING", "FAILED")).toMatchObject({
      effects: { reserve: "release", needsFailureReason: true },
    });
  });
  it("a forced payment status maps to a path of disbursement moves", () => {
    const path = (from: DisbursementStatus, payment: PaymentStatus) => {
      const plan = planDisbursementPath(from, DISBURSEMENT_STATUS_OF_PAYMENT[payment]);
      return plan.kind === "ok" ? plan.moves.map((m) => m.to) : plan.kind;
    };
    expect(path("PENDING", "COMPLETED")).toEqual(["PROCESSING", "COMPLETED"]);
    expect(path("PENDING", "SENT")).toEqual(["PROCESSING"]);
    expect(path("PENDING", "SCHEDULED")).toEqual([]);
    expect(path("PROCESSING", "REFUNDED")).toEqual(["FAILED"]);
    expect(path("PENDING", "CANCELED")).toEqual(["FAILED"]);
    expect(path("COMPLETED", "FAILED")).toBe("invalid");
    expect(path("FAILED", "PROCESSING")).toBe("invalid");
    expect(path("COMPLETED", "COMPLETED")).toEqual([]);
  });
  it("COMPLETED and FAILED are final", () => {
    expect(DISBURSEMENT_STATUSES.filter(isFinalDisbursementStatus)).toEqual(["COMPLETED", "FAILED"]);
  });

  const delays = { sentSeconds: 2, completedSeconds: 3 };
  const at = new Date("2026-05-01T10:00:00Z");
  const plus = (seconds: number) => new Date(at.getTime() + seconds * 1000);
  it("the rail moves PENDING → PROCESSING → COMPLETED, each step after its delay", () => {
    expect(DISBURSEMENT_RAIL_STATUSES).toEqual(["PENDING", "PROCESSING"]);
    expect(disbursementNextStepAt("PENDING", at, delays)).toEqual(plus(2));
    expect(disbursementNextStepAt("PROCESSING", at, delays)).toEqual(plus(3));
    expect(disbursementNextStepAt("COMPLETED", at, delays)).toBeNull();
    // The step after is counted from when this one was due, so a late tick catches up.
    expect(planDisbursementRailStep("PENDING", at, delays)).toEqual({ to: "PROCESSING", nextStepAt: plus(3) });
    expect(planDisbursementRailStep("PROCESSING", at, delays)).toEqual({ to: "COMPLETED", nextStepAt: null });
    expect(planDisbursementRailStep("COMPLETED", at, delays)).toBeNull();
    expect(planDisbursementRailStep("FAILED", at, delays)).toBeNull();
    for (const from of DISBURSEMENT_RAIL_STATUSES) {
      const step = planDisbursementRailStep(from, at, delays);
      expect(step && planDisbursementMove(from, step.to).kind).toBe("ok");
    }
  });
  it("after a sandbox PATCH of its payment, the rail goes on only from a moving payment status", () => {
    expect(disbursementNextStepAfterPaymentPatch("PENDING", "PENDING", at, delays)).toEqual(plus(2));
    expect(disbursementNextStepAfterPaymentPatch("PROCESSING", "SENT", at, delays)).toEqual(plus(3));
    expect(disbursementNextStepAfterPaymentPatch("PENDING", "SCHEDULED", at, delays)).toBeNull();
    expect(disbursementNextStepAfterPaymentPatch("PROCESSING", "UNDER_REVIEW", at, delays)).toBeNull();
    expect(disbursementNextStepAfterPaymentPatch("COMPLETED", "COMPLETED", at, delays)).toBeNull();
  });
});

describe("/v1 payments", () => {
  const allowed: Record<string, string> = {
    "CREATED>PROCESSING": "payment.processing",
    "CREATED>EXPIRED": "payment.expired",
    "PROCESSING>COMPLETED": "payment.completed",
    "PROCESSING>FAILED": "payment.failed",
  };
  const cells = V1_PAYMENT_STATUSES.flatMap((from) => V1_PAYMENT_STATUSES.map((to) => [from, to] as const));
  it.each(cells)("%s → %s", (from, to) => {
    const plan = planV1PaymentMove(from, to);
    const event = allowed[`${from}>${to}`];
    if (event) expect(plan).toMatchObject({ kind: "ok", effects: { event } });
    else expect(plan).toEqual({ kind: "invalid", message: `cannot move from ${from} to ${to}` });
  });
  it("expires CREATED payments after 5 minutes", () => {
    const created = new Date("2026-05-01T10:00:00Z");
    const expiresAt = v1PaymentExpiresAt(created);
    expect(expiresAt.toISOString()).toBe("2026-05-01T10:05:00.000Z");
    expect(isV1PaymentDueToExpire({ status: "CREATED", expiresAt }, new Date("2026-05-01T10:04:59Z"))).toBe(false);
    expect(isV1PaymentDueToExpire({ status: "CREATED", expiresAt }, expiresAt)).toBe(true);
    expect(isV1PaymentDueToExpire({ status: "PROCESSING", expiresAt }, expiresAt)).toBe(false);
  });
  it("COMPLETED, FAILED and EXPIRED are final; the sandbox may drive a payment to any other status", () => {
    expect(V1_PAYMENT_STATUSES.filter(isFinalV1PaymentStatus)).toEqual(["COMPLETED", "FAILED", "EXPIRED"]);
    expect(V1_SANDBOX_TARGETS).toEqual(["PROCESSING", "COMPLETED", "FAILED", "EXPIRED"]);
  });
  it("the clock expires CREATED payments and confirms PROCESSING ones", () => {
    expect(v1ClockMove("CREATED")).toBe("EXPIRED");
    expect(v1ClockMove("PROCESSING")).toBe("COMPLETED");
  });
  it("a notification schedules the confirmation after the rail's completion delay", () => {
    expect(planV1PaymentMove("CREATED", "PROCESSING")).toMatchObject({ effects: { schedulesConfirmation: true } });
    const at = new Date("2026-05-01T10:00:00Z");
    expect(v1ConfirmationAt(at, { completedSeconds: 3 })).toEqual(new Date("2026-05-01T10:00:03Z"));
  });
  it("completion charges the network fee, or fails when the balance no longer covers it", () => {
    expect(planV1PaymentMove("PROCESSING", "COMPLETED")).toMatchObject({
      effects: { networkFee: { uncovered: "FAILED" } },
    });
    expect(planV1PaymentMove("PROCESSING", "FAILED")).toMatchObject({
      effects: { reserve: "release", failureReason: { fallback: "Transfer failed" } },
    });
  });
});

describe("summary groups", () => {
  it("settled, failed and otherwise ended are disjoint and cover every final status", () => {
    const groups = [SETTLED_REQUEST_STATUSES, REQUEST_FAILURE_STATUSES, OTHER_ENDED_REQUEST_STATUSES].flat();
    expect(new Set(groups).size).toBe(groups.length);
    for (const s of FINAL_REQUEST_STATUSES) expect(groups).toContain(s);
  });
});
