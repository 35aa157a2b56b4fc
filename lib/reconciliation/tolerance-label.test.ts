import { describe, expect, it } from "vitest";
import { toleranceLabel } from "./tolerance-label";

describe("an expected settlement's tolerance on screen", () => {
  it("says what it allows on this amount, and how it is made", () => {
    expect(toleranceLabel({ amount: "1000.00", currency: "USD", toleranceAbs: "25", tolerancePct: "0.5" })).toBe(
      "± $25.00 (0.5 %, at least $25.00)",
    );
    expect(toleranceLabel({ amount: "100000.00", currency: "USD", toleranceAbs: "25", tolerancePct: "0.5" })).toBe(
      "± $500.00 (0.5 %, at least $25.00)",
    );
    expect(toleranceLabel({ amount: "80.00", currency: "EUR", toleranceAbs: "1.5", tolerancePct: "0" })).toBe(
      "± €1.50 (fixed)",
    );
    expect(toleranceLabel({ amount: "500", currency: "USDC", toleranceAbs: "0", tolerancePct: "0" })).toBe("Exact");
  });
});
