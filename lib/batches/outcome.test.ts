import { describe, expect, it } from "vitest";
import { batchOutcome, failureInWords, rowFailed } from "./outcome";

const progress = (sent: number, refused: number, failed: number) => ({ sent, refused, failed });

describe("what a batch did with the money (issue 44)", () => {
  it("says Sent only when no row failed, Partly sent with the count, Failed when none went", () => {
    expect(batchOutcome("done", progress(3, 0, 0)).label).toBe("Sent");
    expect(batchOutcome("done", progress(2, 1, 1))).toEqual({ label: "Partly sent (1 failed)", tone: "warning" });
    // A payment that failed after it was sent counts too.
    expect(batchOutcome("done", progress(3, 0, 1)).label).toBe("Partly sent (1 failed)");
    expect(batchOutcome("done", progress(0, 2, 2)).label).toBe("Failed");
    expect(batchOutcome("cancelled", null).label).toMatch(/^Not sent/);
    expect(batchOutcome("denied", null).label).toMatch(/^Not sent/);
    expect(batchOutcome("sending", progress(1, 1, 1)).label).toBe("Sending (1 failed so far)");
  });

  it("counts a row failed when refused or when what it made failed afterwards", () => {
    expect(rowFailed({ sendState: "failed", resultStatus: null })).toBe(true);
    expect(rowFailed({ sendState: "sent", resultStatus: "FAILED" })).toBe(true);
    expect(rowFailed({ sendState: "sent", resultStatus: "COMPLETED" })).toBe(false);
    expect(rowFailed({ sendState: "waiting", resultStatus: null })).toBe(false);
  });

  it("puts a failure in words and keeps its code for support", () => {
    expect(failureInWords("insufficient_funds: Available 12.00 USDT")).toEqual({
      words: "Not enough balance in this currency when it was sent: Available 12.00 USDT",
      code: "insufficient_funds",
    });
    expect(failureInWords("Something odd happened")).toEqual({ words: "Something odd happened", code: null });
    expect(failureInWords(null)).toBeNull();
  });
});
