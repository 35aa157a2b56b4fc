/**
 * The bounded, seeded run of the OpenAPI fuzzer (`npm run fuzz` runs it as long as asked):
 * 200 schema-valid and 200 mutated requests per operation, no answer ≥ 500, every answer as
 * documented.
 */
import { describe, expect, it } from "vitest";
import { withTestService } from "../testing/with-test-service";
import { fuzzService } from "./run-fuzz";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

describe("fuzzing every operation of the OpenAPI document", () => {
  const s = withTestService();

  it("answers 200 valid and 200 mutated requests per operation below 500 and as documented", async () => {
    const report = await fuzzService(s, { seed: SEED, valid: 200, mutated: 200 });
    const operations = Object.entries(report.perOperation);
    expect(operations.length).toBeGreaterThan(30);
    for (const [name, n] of operations) expect(n, name).toEqual({ valid: 200, mutated: 200 });
    expect(report.failures.slice(0, 5)).toEqual([]);
  }, 300_000);
});
