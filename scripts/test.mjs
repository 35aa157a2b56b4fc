// `npm test`: the whole suite on a fresh machine — installs what it needs (dependencies, Debian's
// Chromium, a running PostgreSQL), then typecheck, vitest (PGlite and PostgreSQL), next build and
// Playwright journeys in real Chromium. Ends with one "N passed, N failed" line.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { ensureDependencies, must, run } from "./lib.mjs";
import { FIXED_DATE_EXCLUDES, FIXED_DATE_FILES, FIXED_DATES } from "./fixed-dates.mjs";

process.chdir(new URL("..", import.meta.url).pathname);

/** Runs a command with every output line prefixed (shards side by side stay readable); resolves its exit status. */
function runPrefixed(prefix, command, args, extraEnv) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let pending = "";
      stream.on("data", (chunk) => {
        pending += chunk;
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on("end", () => pending && out.write(`${prefix}${pending}\n`));
    }
    child.on("close", (code) => resolve(code ?? 1));
  });
}
// Where the suite's time goes (issue 48): each step's minutes, printed again at the end.
const stepTimes = [];
const suiteStarted = Date.now();
const step = (title) => {
  const now = Date.now();
  if (stepTimes.length > 0) stepTimes.at(-1).minutes = (now - stepTimes.at(-1).started) / 60_000;
  stepTimes.push({ title, started: now, minutes: 0 });
  console.log(`\n━━ ${title} ━━`);
};

// A run cut short during the build leaves .env.local set aside: put it back first.
if (existsSync(".env.local.held-by-test") && !existsSync(".env.local"))
  renameSync(".env.local.held-by-test", ".env.local");

step("dependencies");
ensureDependencies();
must("node", ["scripts/ensure-env.mjs"]);

step("Chromium");
if (!existsSync("/usr/bin/chromium")) {
  must("apt-get", ["update", "-qq"]);
  must("apt-get", ["install", "-y", "-qq", "chromium"], { env: { DEBIAN_FRONTEND: "noninteractive" } });
}
console.log("using /usr/bin/chromium");
// Debian's faketime, for the date-sensitive tests' pass at fixed dates (scripts/fixed-dates.mjs).
if (!existsSync("/usr/bin/faketime")) {
  must("apt-get", ["update", "-qq"]);
  must("apt-get", ["install", "-y", "-qq", "faketime"], { env: { DEBIAN_FRONTEND: "noninteractive" } });
}

step("PostgreSQL");
const pgUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ready = () => spawnSync("pg_isready", ["-h", "127.0.0.1", "-p", "5432"], { stdio: "ignore" }).status === 0;
if (!ready()) {
  const versions = existsSync("/etc/postgresql")
    ? spawnSync("ls", ["/etc/postgresql"]).stdout.toString().trim().split(/\s+/)
    : [];
  if (versions.length === 0 || !versions[0]) {
    must("apt-get", ["update", "-qq"]);
    must("apt-get", ["install", "-y", "-qq", "postgresql"], { env: { DEBIAN_FRONTEND: "noninteractive" } });
  }
  const version = spawnSync("ls", ["/etc/postgresql"]).stdout.toString().trim().split(/\s+/)[0];
  run("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "start"]);
  for (let i = 0; i < 30 && !ready(); i++) spawnSync("sleep", ["1"]);
}
if (!ready()) {
  console.error("PostgreSQL is not reachable on 127.0.0.1:5432");
  process.exit(1);
}
// The test database may be missing on a machine set up differently.
run(
  "psql",
  ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-tAc", "SELECT 1 FROM pg_database WHERE datname='test'"],
  { stdio: "pipe" },
);
spawnSync("createdb", ["-h", "127.0.0.1", "-U", "postgres", "test"], { stdio: "ignore" });
console.log(`using ${pgUrl}`);

const env = { TEST_DATABASE_URL: pgUrl, NEXT_TELEMETRY_DISABLED: "1" };
mkdirSync("test-results", { recursive: true });
const results = { passed: 0, failed: 0, skipped: 0 };
// The names of failed tests, printed again at the very end: a CI log is often read from its tail.
const failedNames = [];
const flakyNames = [];
let failedStep = null;

step("typecheck");
if (run("npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]) !== 0) failedStep ??= "typecheck";

step("lint and format");
// Formatting and lint together, as CI: an unformatted file or any warning fails the run.
if (run("npx", ["biome", "ci", "--error-on-warnings", "."]) !== 0) failedStep ??= "lint";

step("vitest");
/**
 * One vitest pass: its results counted, its flaky and failed tests named; its exit status. With
 * `at`, the pass runs under faketime from that instant, and its names say so.
 */
function vitestPass(extraArgs, report, extraEnv = {}, at = null) {
  rmSync(report, { force: true });
  const args = ["run", ...extraArgs, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  // Under faketime, vitest itself, not npx: npm's lock files would read the false time as stale.
  const status = at
    ? run("faketime", [at, "node_modules/.bin/vitest", ...args], {
        env: { ...env, ...extraEnv, FAKETIME_DONT_FAKE_MONOTONIC: "1" },
      })
    : run("npx", ["vitest", ...args], { env: { ...env, ...extraEnv } });
  if (existsSync(report)) countVitest(JSON.parse(readFileSync(report, "utf8")), at ? `vitest@${at}` : "vitest");
  return status;
}
function countVitest(v, label) {
  results.passed += v.numPassedTests ?? 0;
  results.failed += v.numFailedTests ?? 0;
  results.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === "passed" && (t.failureMessages ?? []).length > 0) {
        flakyNames.push(`${label} ${file.name.replace(`${process.cwd()}/`, "")} › ${t.fullName}`);
        continue;
      }
      if (t.status !== "failed") continue;
      const message = String(t.failureMessages?.[0] ?? "")
        .split("\n")[0]
        .slice(0, 300);
      failedNames.push(`${label} ${file.name.replace(`${process.cwd()}/`, "")} › ${t.fullName}: ${message}`);
    }
    if (file.status === "failed" && (file.assertionResults ?? []).length === 0)
      failedNames.push(
        `${label} ${file.name.replace(`${process.cwd()}/`, "")}: ${String(file.message ?? "").slice(0, 300)}`,
      );
  }
}
const vitestStatus = vitestPass([], "test-results/vitest.json");
// Then the tests that count arrivals per second of wall time, alone (vitest.config.mts, VITEST_TIMING).
const timingStatus = vitestPass(["--no-file-parallelism"], "test-results/vitest-timing.json", { VITEST_TIMING: "1" });
if (vitestStatus !== 0 || timingStatus !== 0) failedStep ??= "vitest";

// The date-sensitive files again, with the clock on each of the days that break calendar code
// (issue 60, item 7): the 1st, a leap day, a DST change, a year's end (scripts/fixed-dates.mjs).
step("vitest at fixed dates");
const excludes = FIXED_DATE_EXCLUDES.flatMap((glob) => ["--exclude", glob]);
for (const [i, at] of FIXED_DATES.entries()) {
  console.log(`\n— with the clock at ${at} UTC —`);
  const status = vitestPass([...FIXED_DATE_FILES, ...excludes], `test-results/vitest-date-${i + 1}.json`, {}, at);
  if (status !== 0) failedStep ??= `vitest at ${at}`;
}

// A fresh clone must build with no environment at all (secrets are read at run time): the
// build runs with only PATH and HOME, and .env.local set aside until it ends. It counts as a test.
step("next build (no environment, no .env.local)");
const held = existsSync(".env.local");
if (held) renameSync(".env.local", ".env.local.held-by-test");
let built = false;
try {
  built =
    spawnSync("npx", ["next", "build"], {
      stdio: "inherit",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NEXT_TELEMETRY_DISABLED: "1" },
    }).status === 0;
} finally {
  if (held) renameSync(".env.local.held-by-test", ".env.local");
}
if (built) results.passed += 1;
else {
  results.failed += 1;
  failedStep ??= "next build";
}

step("playwright");
if (built) {
  // The journeys run in shards side by side (e2e/shards.ts), each against its own console, port
  // and data directory: two on this 2-core machine (E2E_SHARDS=1 runs them as one; E2E_BASE_PORT
  // moves their ports, 3100 and 3200 by default, so a second run can go beside one in progress).
  // One shard a core, at most two: on one core (`taskset -c 0`) two consoles and two browsers
  // only slow each other down past the journeys' time limits.
  const shards = Math.max(1, Number(process.env.E2E_SHARDS) || Math.min(2, availableParallelism()));
  const started = Date.now();
  const runs = await Promise.all(
    Array.from({ length: shards }, (_, i) => {
      const index = i + 1;
      const dataDir = shards === 1 ? (process.env.E2E_DATA_DIR ?? ".data-e2e") : `.data-e2e-${index}`;
      const report = shards === 1 ? "test-results/playwright.json" : `test-results/playwright-${index}.json`;
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-clock`, { recursive: true, force: true }); // the clock journeys' console (playwright.config.ts)
      rmSync(report, { force: true });
      return runPrefixed(
        shards === 1 ? "" : `[e2e ${index}/${shards}] `,
        "npx",
        ["playwright", "test", "--reporter=list,json"],
        {
          ...env,
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
          CI: process.env.CI ?? "",
          // The shard's own port and data directory (E2E_BASE_PORT moves them, one shard or two).
          E2E_PORT: String(Number(process.env.E2E_BASE_PORT ?? process.env.E2E_PORT ?? 3100) + i * 100),
          E2E_DATA_DIR: dataDir,
          ...(shards === 1 ? {} : { E2E_SHARD: `${index}/${shards}` }),
        },
      ).then((status) => ({ status, report }));
    }),
  );
  console.log(`playwright: ${shards} shard(s) in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  for (const { status, report } of runs) {
    if (existsSync(report)) {
      const p = JSON.parse(readFileSync(report, "utf8"));
      results.passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
      results.failed += p.stats?.unexpected ?? 0;
      results.skipped += p.stats?.skipped ?? 0;
      const walk = (suite, titles) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            if (test.status === "flaky") {
              flakyNames.push(`playwright ${spec.file} › ${[...titles, spec.title].join(" › ")}`);
              continue;
            }
            if (test.status !== "unexpected") continue;
            const last = test.results?.at(-1);
            const message = String(last?.error?.message ?? "")
              .split("\n")[0]
              .slice(0, 300);
            failedNames.push(`playwright ${spec.file} › ${[...titles, spec.title].join(" › ")}: ${message}`);
          }
        }
        for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
      };
      for (const suite of p.suites ?? []) walk(suite, []);
    } else {
      failedNames.push(`playwright: ${report} was not written`);
    }
    if (status !== 0) failedStep ??= "playwright";
  }
} else {
  console.log("skipped: the build failed");
}

// A test that passes only on its retry has failed (issue 60): named, and the run fails.
if (flakyNames.length > 0) {
  console.log(`\npassed only on retry (counted as failed):\n${flakyNames.map((n) => `  ⚠ ${n}`).join("\n")}`);
  failedStep ??= "a test that passed only on retry";
}
if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((n) => `  ✖ ${n}`).join("\n")}`);
if (stepTimes.length > 0) stepTimes.at(-1).minutes = (Date.now() - stepTimes.at(-1).started) / 60_000;
console.log(
  `\ntime: ${stepTimes.map((t) => `${t.title.split(" ")[0]} ${t.minutes.toFixed(1)}`).join(", ")}; total ${((Date.now() - suiteStarted) / 60_000).toFixed(1)} min`,
);
console.log(`\ntests: ${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
if (failedStep) {
  console.error(`✖ ${failedStep} failed`);
  process.exit(1);
}
