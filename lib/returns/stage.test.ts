/** Where a decision on a payin stands (decisions D25.9), acceptances a write-off rule held included. */
import { describe, expect, it } from "vitest";
import { isReplaceable, paidNothing, stageLabel, stageOf } from "./stage";

describe("stageOf", () => {
  it("an acceptance nothing held stands at once", () => {
    expect(stageOf({ decision: "accept", submissionStatus: null, disbursementStatus: null })).toBe("accepted");
  });

  it("a held acceptance stands only once its write-off was approved and recorded", () => {
    const held = (submissionStatus: string) =>
      stageOf({ decision: "accept", submissionStatus, disbursementStatus: null });
    expect(held("pending")).toBe("awaiting_approval");
    expect(held("approved")).toBe("sending");
    expect(held("sent")).toBe("accepted");
    expect(held("denied")).toBe("denied");
    expect(held("expired")).toBe("expired");
    expect(held("failed")).toBe("failed");
  });

  it("a denied or expired acceptance sends the payin back to the queue; one awaiting approval does not", () => {
    expect(paidNothing("denied")).toBe(true);
    expect(paidNothing("expired")).toBe(true);
    expect(paidNothing("awaiting_approval")).toBe(false);
    expect(isReplaceable("awaiting_approval")).toBe(false);
  });

  it("a return follows its disbursement once it has one", () => {
    expect(stageOf({ decision: "return", submissionStatus: "sent", disbursementStatus: "COMPLETED" })).toBe("returned");
    expect(stageOf({ decision: "return", submissionStatus: null, disbursementStatus: "PENDING" })).toBe("returning");
  });

  it("words a stage for its decision", () => {
    expect(stageLabel("accept", "awaiting_approval")).toBe("Write-off awaiting approval");
    expect(stageLabel("return", "awaiting_approval")).toBe("Return awaiting approval");
    expect(stageLabel("accept", "accepted")).toBe("Accepted");
  });
});
