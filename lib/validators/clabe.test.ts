import { describe, expect, it } from "vitest";
import { clabeCheckDigit, clabeProblem, isValidClabe } from "./clabe";

describe("isValidClabe", () => {
  it.each(["032180000118359719", "002010077777777771", "014027000005555558"])("accepts %s", (clabe) => {
    expect(isValidClabe(clabe)).toBe(true);
  });

  it.each([
    ["032180000118359718", "check digit"],
    ["032180000118359791", "check digit"],
    ["03218000011835971", "18 digits"],
    ["0321800001183597190", "18 digits"],
    ["03218000011835971X", "18 digits"],
  ])("rejects %s (%s)", (clabe, reason) => {
    expect(clabeProblem(clabe)).toContain(reason);
  });

  it("computes the check digit with weights 3, 7, 1", () => {
    expect(clabeCheckDigit("03218000011835971")).toBe(9);
  });
});
