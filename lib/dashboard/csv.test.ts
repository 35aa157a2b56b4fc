import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

const one = (value: string) =>
  toCsv([{ header: "x", value: (r: { v: string }) => r.v }], [{ v: value }]).split("\r\n")[1];

describe("CSV exports guard cells a spreadsheet would run as a formula (issue 42)", () => {
  it("prefixes every formula lead, ASCII and full-width, tab and carriage return included", () => {
    for (const lead of ["=", "+", "-", "@", "\t", "\r", "＝", "＋", "－", "＠"]) {
      const out = one(`${lead}HYPERLINK("http://evil")`);
      expect(out.replace(/^"/, "").startsWith(`'${lead}`), JSON.stringify(lead)).toBe(true);
    }
  });

  it("leaves plain values and negative amounts alone", () => {
    expect(one("Ada Lovelace")).toBe("Ada Lovelace");
    expect(one("-12.50")).toBe("-12.50");
    expect(one("a,b")).toBe('"a,b"');
  });
});
