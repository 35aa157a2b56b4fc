/**
 * `npm run fuzz -- [--seconds N] [--seed S] [--only REGEX]`: the OpenAPI fuzzer for as long as
 * asked, on a fresh in-memory PGlite, round after round with the next seed. Prints each
 * failing case (seed, operation, index, request) so it can be replayed, and exits 1 if any.
 */
import { parseArgs } from "node:util";
import { createTestService } from "@/lib/service/testing/harness";
import { fuzzService } from "@/lib/service/fuzz/run-fuzz";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    seed: { type: "string", default: String(Date.now() % 1_000_000) },
    only: { type: "string" },
    per: { type: "string", default: "50" },
  },
});
const per = Number(values.per);
const only = values.only ? new RegExp(values.only) : undefined;
let seed = Number(values.seed);
let failures = 0;
let requests = 0;
const statuses: Record<string, number> = {};

const s = await createTestService();
const until = Date.now() + Number(values.seconds) * 1000;
do {
  const report = await fuzzService(s, { seed, valid: per, mutated: per, only });
  requests += report.requests;
  for (const [k, n] of Object.entries(report.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
  for (const f of report.failures) {
    failures++;
    console.log(JSON.stringify(f));
  }
  console.error(`seed ${seed}: ${report.requests} requests, ${report.failures.length} failures`);
  seed++;
} while (Date.now() < until);
await s.close();
console.error(
  `done: ${requests} requests, statuses ${JSON.stringify(statuses)}, ${failures} failures (replay: --seed <seed> --only '<operation>')`,
);
process.exit(failures > 0 ? 1 : 0);
