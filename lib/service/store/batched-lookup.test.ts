import { describe, expect, it } from "vitest";
import { batchedLookup } from "./batched-lookup";

describe("batchedLookup", () => {
  it("answers the look-ups of one turn with one load, each with its own value", async () => {
    const loads: string[][] = [];
    const lookup = batchedLookup(async (keys: string[]) => {
      loads.push(keys);
      return new Map(keys.filter((k) => k !== "missing").map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all([lookup("a"), lookup("b"), lookup("a"), lookup("missing")]);
    expect(answers).toEqual(["A", "B", "A", undefined]);
    expect(loads).toEqual([["a", "b", "missing"]]);
    // A later turn is a new batch.
    expect(await lookup("c")).toBe("C");
    expect(loads).toHaveLength(2);
  });

  it("fails every look-up of a batch whose load fails, and recovers on the next", async () => {
    let fail = true;
    const lookup = batchedLookup(async (keys: number[]) => {
      if (fail) throw new Error("database down");
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const results = await Promise.allSettled([lookup(1), lookup(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await lookup(3)).toBe(6);
  });

  it("splits a crowd into batches of at most 200 keys", async () => {
    const sizes: number[] = [];
    const lookup = batchedLookup(async (keys: number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    });
    const answers = await Promise.all(Array.from({ length: 450 }, (_, i) => lookup(i)));
    expect(answers).toEqual(Array.from({ length: 450 }, (_, i) => i));
    expect(sizes).toEqual([200, 200, 50]);
  });
});
