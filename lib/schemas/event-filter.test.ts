/**
 * The payload condition's reading (decisions D9.16): what parses, what is refused and why, and the
 * rule it applies (the fan-out's SQL agrees with it: store/webhook-filter.pg.test.ts).
 */
import { describe, expect, it } from "vitest";
import { eventPassesFilter, parseEventFilter } from "./event-filter";

const clauses = (text: string) => {
  const parsed = parseEventFilter(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.clauses;
};

describe("an endpoint's payload condition", () => {
  it("reads clauses joined by and, with JSON values", () => {
    expect(clauses('data.destination.currency = "EUR"')).toEqual([
      { path: ["destination", "currency"], op: "eq", value: "EUR" },
    ]);
    expect(clauses('data.status != "FAILED" AND data.amount = 10 and data.x = null')).toEqual([
      { path: ["status"], op: "ne", value: "FAILED" },
      { path: ["amount"], op: "eq", value: 10 },
      { path: ["x"], op: "eq", value: null },
    ]);
    // "and" inside a quoted value is part of the value.
    expect(clauses('data.note = "salt and pepper"')).toEqual([{ path: ["note"], op: "eq", value: "salt and pepper" }]);
  });

  it.each([
    ["", /Write a condition/],
    ['destination.currency = "EUR"', /path = value/],
    ["data.destination.currency = EUR", /is not a value: quote text/],
    ['data.1st = "x"', /"1st" is not a field name/],
    ['data.a = ["x"]', /one value/],
    ['data.a = "x" and', /Clause 2: must read/],
    ["data.a > 3", /path = value/],
  ])("refuses %j, saying why", (text, message) => {
    const parsed = parseEventFilter(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });

  it("holds = where the value at the path is equal, != elsewhere, a missing path equal to nothing", () => {
    const data = { destination: { currency: "EUR" }, amount: 10, flag: false, none: null };
    expect(eventPassesFilter(clauses('data.destination.currency = "EUR"'), data)).toBe(true);
    expect(eventPassesFilter(clauses('data.destination.currency = "USD"'), data)).toBe(false);
    expect(eventPassesFilter(clauses("data.amount = 10.0"), data)).toBe(true);
    expect(eventPassesFilter(clauses('data.amount = "10"'), data)).toBe(false);
    expect(eventPassesFilter(clauses("data.flag = false and data.none = null"), data)).toBe(true);
    expect(eventPassesFilter(clauses("data.missing = null"), data)).toBe(false);
    expect(eventPassesFilter(clauses('data.missing != "x"'), data)).toBe(true);
    expect(eventPassesFilter(clauses('data.destination.currency.deeper = "x"'), data)).toBe(false);
  });
});
