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

describe("the Federal Reserve prefix, at every boundary (issue 60: two prefix mutants survived)", () => {
  /** A number with this prefix and a correct check digit: only the prefix can make it wrong. */
  const withPrefix = (prefix: number) => {
    const first8 = `${String(prefix).padStart(2, "0")}100001`;
    const weights = [3, 7, 1, 3, 7, 1, 3, 7];
    const sum = [...first8].reduce((s, d, i) => s + Number(d) * (weights[i] as number), 0);
    return `${first8}${(10 - (sum % 10)) % 10}`;
  };
  // Written from the Federal Reserve's table, not from the code: 01–12 Federal Reserve banks,
  // 21–32 thrifts, 61–72 electronic transactions, 80 traveller's cheques.
  const VALID = new Set([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 61, 62, 63, 64, 65, 66, 67,
    68, 69, 70, 71, 72, 80,
  ]);

  it.each([0, 1, 12, 13, 20, 21, 32, 33, 60, 61, 72, 73, 79, 80, 81, 99])("prefix %i", (prefix) => {
    expect(isValidAbaRouting(withPrefix(prefix))).toBe(VALID.has(prefix));
  });

  it("every prefix from 00 to 99", () => {
    const accepted = Array.from({ length: 100 }, (_, p) => p).filter((p) => isValidAbaRouting(withPrefix(p)));
    expect(accepted).toEqual([...VALID]);
  });
});
