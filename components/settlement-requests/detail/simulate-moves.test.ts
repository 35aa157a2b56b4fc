import { describe, expect, it } from "vitest";
import { quickMoves } from "./simulate-moves";

const at = (status: string, inbound: string, outbound: string) =>
  Object.fromEntries(
    quickMoves({ status, inbound_payment: { status: inbound }, outbound_payment: { status: outbound } }).map((m) => [
      m.label,
      m.why,
    ]),
  );

describe("the Simulate panel's quick moves", () => {
  it("offers the payin first, and explains why the payout waits", () => {
    const moves = at("REQUEST_STARTED", "AWAITING_FUNDS", "PENDING");
    expect(moves["Payin processing"]).toBeNull();
    expect(moves["Payin received"]).toBeNull();
    expect(moves["Payout sent"]).toMatch(/Funds have not arrived/);
    expect(moves["Payout completed"]).toMatch(/Funds have not arrived/);
  });
  it("after the funds arrived, offers the payout and says the payin is done", () => {
    const moves = at("FUNDS_SENT", "COMPLETED", "PROCESSING");
    expect(moves["Payin received"]).toMatch(/already completed/);
    expect(moves["Payin processing"]).toMatch(/already completed/);
    expect(moves["Payout sent"]).toBeNull();
    expect(moves["Payout completed"]).toBeNull();
  });
  it("offers nothing on a finished request, saying so", () => {
    const moves = at("REQUEST_COMPLETED", "COMPLETED", "COMPLETED");
    expect(Object.values(moves).every((why) => why?.includes("request completed"))).toBe(true);
  });
});
