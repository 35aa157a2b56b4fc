import { describe, expect, it } from "vitest";
import { issuePath } from "./error";
import { rateQuerySchema } from "./rates";

const offRamp = {
  sourceCurrencyCode: "USDC",
  sourceRail: "SOLANA",
  destinationCurrencyCode: "EUR",
  destinationRail: "LOCAL",
  destinationCountryCode: "DE",
  sourceAmount: "100",
};
const onRamp = {
  sourceCurrencyCode: "USD",
  sourceRail: "ACH",
  sourceCountryCode: "US",
  destinationCurrencyCode: "USDT",
  destinationRail: "TRON",
  destinationAmount: "50.5",
};

describe("rate query", () => {
  it("accepts an off-ramp and an on-ramp, amounts canonical", () => {
    expect(rateQuerySchema.parse(offRamp).sourceAmount).toBe("100.00000000");
    expect(rateQuerySchema.parse(onRamp).destinationAmount).toBe("50.50000000");
  });

  const drop = (q: Record<string, string>, k: string) =>
    Object.fromEntries(Object.entries(q).filter(([key]) => key !== k));

  it.each([
    ["source currency unsupported", { ...offRamp, sourceCurrencyCode: "JPY" }, "sourceCurrencyCode"],
    ["destination currency unsupported", { ...offRamp, destinationCurrencyCode: "JPY" }, "destinationCurrencyCode"],
    [
      "CAD destination outside Canada",
      { ...offRamp, destinationCurrencyCode: "CAD", destinationCountryCode: "US" },
      "destinationCountryCode",
    ],
    ["sourceAmount finer than USDC", { ...offRamp, sourceAmount: "10.1234567" }, "sourceAmount"],
    ["rail unknown", { ...offRamp, sourceRail: "FAX" }, "sourceRail"],
    ["EURC on TRON", { ...offRamp, sourceCurrencyCode: "EURC", sourceRail: "TRON" }, "sourceRail"],
    ["EUR over ACH", { ...offRamp, destinationRail: "ACH" }, "destinationRail"],
    ["destination fiat without country", drop(offRamp, "destinationCountryCode"), "destinationCountryCode"],
    ["destination country does not fit", { ...offRamp, destinationCountryCode: "US" }, "destinationCountryCode"],
    ["source fiat without country", drop(onRamp, "sourceCountryCode"), "sourceCountryCode"],
    ["source country does not fit", { ...onRamp, sourceCountryCode: "MX" }, "sourceCountryCode"],
    ["country not alpha-2", { ...onRamp, sourceCountryCode: "usa" }, "sourceCountryCode"],
    ["no amount", drop(offRamp, "sourceAmount"), "sourceAmount"],
    ["both amounts", { ...offRamp, destinationAmount: "5" }, "sourceAmount"],
    ["amount zero", { ...offRamp, sourceAmount: "0" }, "sourceAmount"],
    ["amount 9 decimals", { ...offRamp, sourceAmount: "1.000000001" }, "sourceAmount"],
    ["amount exponent", { ...onRamp, destinationAmount: "1e2" }, "destinationAmount"],
  ])("%s → %s", (_name, query, path) => {
    const r = rateQuerySchema.safeParse(query);
    expect(r.error?.issues.map((i) => issuePath(i.path))).toContain(path);
  });
});
