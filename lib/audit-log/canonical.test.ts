/**
 * The audit log's canonical JSON against someone else's reading of RFC 8785 (issue 60): the RFC's
 * own examples, its number table (Appendix B), and `canonicalize` (the reference implementation
 * by one of the RFC's authors) on random values.
 */
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, type Json } from "./canonical";

describe("canonical JSON (RFC 8785)", () => {
  it("writes the RFC's sample (§3.2.2) as the RFC does", () => {
    const parsed = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    ) as Json;
    expect(canonicalJson(parsed)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts keys by UTF-16 code units (§3.2.3)", () => {
    const keys = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    // In the written order (JSON.parse would put "1" first again: integer-like keys lead a JS object).
    expect([...canonicalJson(keys).matchAll(/:"([^"]*)"/g)].map((m) => m[1])).toEqual([
      "Carriage Return",
      "One",
      "Control",
      "Latin Small Letter O With Diaeresis",
      "Euro Sign",
      "Emoji: Grinning Face",
      "Hebrew Letter Dalet With Dagesh",
    ]);
  });

  it("writes numbers as Appendix B does", () => {
    const table: Array<[number, string]> = [
      [0, "0"],
      [-0, "0"],
      [5e-324, "5e-324"],
      [-5e-324, "-5e-324"],
      [1.7976931348623157e308, "1.7976931348623157e+308"],
      [9007199254740992, "9007199254740992"],
      [-9007199254740992, "-9007199254740992"],
      [295147905179352830000, "295147905179352830000"],
      [9.999999999999997e22, "9.999999999999997e+22"],
      [1e23, "1e+23"],
      [1e21, "1e+21"],
      [999999999999999700000, "999999999999999700000"],
      [0.000001, "0.000001"],
      [1e-7, "1e-7"],
    ];
    for (const [value, written] of table) expect(canonicalJson(value)).toBe(written);
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson(Number.POSITIVE_INFINITY)).toThrow();
  });

  it("agrees with the reference implementation on random values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value as Json)).toBe(canonicalize(value));
      }),
      { numRuns: 2_000 },
    );
  });
});
