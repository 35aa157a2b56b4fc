import { describe, expect, it } from "vitest";
import { Dec } from "./decimal";
import { decimalParts, plainDecimal } from "./decimal-string";

describe("decimalParts", () => {
  it.each([
    ["100.00000000", { negative: false, integer: "100", fraction: "" }],
    ["007.10", { negative: false, integer: "7", fraction: "1" }],
    ["-0.000", { negative: false, integer: "0", fraction: "" }],
    ["-12.0500", { negative: true, integer: "12", fraction: "05" }],
    ["0.00000001", { negative: false, integer: "0", fraction: "00000001" }],
  ])("%s", (input, parts) => expect(decimalParts(input)).toEqual(parts));

  it.each(["", "1e5", " 1", "1.", ".5", "+1", "NaN", "1,000"])("refuses %j", (input) =>
    expect(decimalParts(input)).toBeNull(),
  );
});

describe("plainDecimal", () => {
  it("pads to the decimals asked for and never drops digits", () => {
    expect(plainDecimal(decimalParts("1000.00000000")!, 2)).toBe("1000.00");
    expect(plainDecimal(decimalParts("292.869152")!, 2)).toBe("292.869152");
    expect(plainDecimal(decimalParts("5")!, 0)).toBe("5");
  });

  it("matches decimal.js on random decimal strings", () => {
    for (let i = 0; i < 2000; i++) {
      const integer = String(Math.floor(Math.random() * 10 ** (1 + (i % 12)))).padStart(1 + (i % 3), "0");
      const fraction = Array.from({ length: i % 10 }, () => String(Math.floor(Math.random() * 10))).join("");
      const s = `${i % 4 === 0 ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`;
      const d = new Dec(s);
      const places = i % 9;
      const expected = d.isZero()
        ? new Dec(0).toFixed(Math.max(places, d.decimalPlaces()))
        : d.toFixed(Math.max(places, d.decimalPlaces()));
      expect(plainDecimal(decimalParts(s)!, places), s).toBe(expected);
    }
  });
});
