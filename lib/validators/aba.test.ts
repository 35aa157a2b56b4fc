import { describe, expect, it } from "vitest";
import { abaRoutingProblem, isValidAbaRouting } from "./aba";

describe("isValidAbaRouting", () => {
  it.each([
    ["011000015", "Federal Reserve Bank of Boston"],
    ["021000021", "JPMorgan Chase NY"],
    ["026009593", "Bank of America NY"],
    ["121000358", "Bank of America CA"],
    ["322271627", "Chase CA (thrift range)"],
  ])("accepts %s (%s)", (routing) => {
    expect(isValidAbaRouting(routing)).toBe(true);
  });

  it.each([
    ["011000016", "checksum"],
    ["021000012", "checksum (swapped digits)"],
    ["01100001", "length"],
    ["0110000150", "length"],
    ["01100001a", "length"],
    ["011 00015", "length"],
    ["", "length"],
    ["000000000", "prefix"],
    ["131000000", "prefix"],
  ])("rejects %s (%s)", (routing, reason) => {
    expect(isValidAbaRouting(routing)).toBe(false);
    expect(abaRoutingProblem(routing)).toContain(
      reason.startsWith("checksum") ? "checksum" : reason === "prefix" ? "prefix" : "9 digits",
    );
  });
});
