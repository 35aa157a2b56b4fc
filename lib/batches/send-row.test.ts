import { describe, expect, it } from "vitest";
import { goesAgainLater } from "./send-row";

const api = (status: number, code: string) => ({ kind: "api" as const, status, code, message: code, details: [] });

describe("a failed batch send", () => {
  it("goes again later with the same key when the service had no final answer", () => {
    expect(goesAgainLater({ kind: "network", message: "refused" })).toBe(true);
    expect(goesAgainLater(api(503, "unavailable"))).toBe(true);
    expect(goesAgainLater(api(429, "rate_limit_exceeded"))).toBe(true);
    // The first try of this key is still in flight at the service (a crash mid-request).
    expect(goesAgainLater(api(409, "idempotency_conflict"))).toBe(true);
  });

  it("fails its row when the service refused it for good", () => {
    expect(goesAgainLater(api(422, "insufficient_funds"))).toBe(false);
    expect(goesAgainLater(api(400, "validation_error"))).toBe(false);
    expect(goesAgainLater(api(409, "invalid_transition"))).toBe(false);
  });
});
