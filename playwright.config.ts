import { readdirSync } from "node:fs";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { assignShards, CLOCK_JOURNEYS, filesPattern, parseShard } from "./e2e/shards";

/** E2E_PORT / E2E_DATA_DIR let a second run go beside one already in progress. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";
/** The first administrator of the test server (same defaults as adminCredentials() in e2e/support/settlement.ts). */
const E2E_ADMIN = { email: "admin@console.local", password: "e2e-admin-password-0001" } as const;
const baseURL = `http://localhost:${PORT}`;
/** The remote pair (scripts/e2e-remote.mjs): the standalone service and a console with EMBEDDED_SERVICE=off. */
const REMOTE_SERVICE_PORT = PORT + 41;
const REMOTE_CONSOLE_PORT = PORT + 42;
const remoteURL = `http://localhost:${REMOTE_CONSOLE_PORT}`;
/** The clock console: the journeys that move the sandbox clock, on a database (and so an account and clock) of their own. */
const CLOCK_PORT = PORT + 50;
const clockURL = `http://localhost:${CLOCK_PORT}`;

/**
 * E2E_SHARD=1/2 runs one shard of the journey files (e2e/shards.ts): `npm test` runs the shards
 * side by side, each with its own E2E_PORT and E2E_DATA_DIR, so each has its own console and
 * database. Unset: every journey, one run.
 */
const SHARD = parseShard(process.env.E2E_SHARD);
const JOURNEYS = readdirSync("e2e").filter((f) => f.endsWith(".spec.ts"));
const shardOf = SHARD ? assignShards(JOURNEYS, SHARD[1]) : null;
const mine = JOURNEYS.filter((f) => !shardOf || shardOf.get(f) === SHARD?.[0]);
const runs = (file: string) => mine.includes(file);

/** Debian's chromium (apt-get install chromium); never `npx playwright install` here. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The remote pair's server, started only by the run that has the remote journeys. */
type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>;
const REMOTE_PAIR: WebServer = {
  command: "node scripts/e2e-remote.mjs",
  url: `${remoteURL}/api/ready`,
  reuseExistingServer: !process.env.CI,
  timeout: 180_000,
  env: {
    REMOTE_SERVICE_PORT: String(REMOTE_SERVICE_PORT),
    REMOTE_CONSOLE_PORT: String(REMOTE_CONSOLE_PORT),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  },
};

// One name for this run, the same in every worker (they inherit the runner's environment): the
// people a run makes are found again by a worker that starts after another failed (e2e/fixtures/auth.ts).
process.env.E2E_RUN ??= Date.now().toString(36);

export default defineConfig({
  testDir: "e2e",
  // Each shard its own: Playwright empties this folder when a run starts.
  outputDir: SHARD ? `test-results/playwright-${SHARD[0]}` : "test-results/playwright",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A journey that passes only on its retry has failed (issue 60): the retry says so, then the run fails.
  failOnFlakyTests: Boolean(process.env.CI),
  // Two shards share two cores (npm test): a page's answer can take more than Playwright's
  // default 5 s to show on a loaded machine. Waiting longer costs nothing when it is fast.
  expect: { timeout: 10_000 },
  // A journey's own budget: 120 s in CI, 30 s on a developer's machine. In CI two shards, each
  // with its console and its Chromium, share two cores: a journey of three sign-ins and a
  // two-step code (which may wait out a 30 s step) took over 60 s there on 29 Nov.
  timeout: process.env.CI ? 120_000 : 30_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testMatch: filesPattern(mine),
      testIgnore: [filesPattern(CLOCK_JOURNEYS), /remote-journeys\.spec\.ts/],
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1440, height: 900 },
        launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
      },
    },
    ...(CLOCK_JOURNEYS.some(runs)
      ? [
          {
            // The sandbox clock only moves forward, for the whole account: the journeys that move it
            // run on a console of their own (its own database, account and clock), beside the others.
            name: "clock",
            testMatch: filesPattern(CLOCK_JOURNEYS.filter(runs)),
            use: {
              ...devices["Desktop Chrome"],
              baseURL: clockURL,
              viewport: { width: 1440, height: 900 },
              launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
            },
          },
        ]
      : []),
    ...(runs("remote-journeys.spec.ts")
      ? [
          {
            // The main journeys against a remote service (issue 34): the console with EMBEDDED_SERVICE=off
            // in front of `npm run service` on PostgreSQL (scripts/e2e-remote.mjs). Remote mode stays working.
            name: "remote",
            testMatch: /remote-journeys\.spec\.ts/,
            use: {
              ...devices["Desktop Chrome"],
              baseURL: remoteURL,
              viewport: { width: 1440, height: 900 },
              launchOptions: { executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS },
            },
          },
        ]
      : []),
  ],
  webServer: [
    consoleServer(PORT, DATA_DIR),
    ...(CLOCK_JOURNEYS.some(runs) ? [consoleServer(CLOCK_PORT, `${DATA_DIR}-clock`)] : []),
    ...(runs("remote-journeys.spec.ts") ? [REMOTE_PAIR] : []),
  ],
});

/** A console for the journeys: `port`, its own database in `dataDir`. */
function consoleServer(port: number, dataDir: string): WebServer {
  return {
    // The test script builds the app before Playwright runs. The default account's production
    // USDC balance is funded first, as an operator would (production balances are never seeded).
    command:
      'npx tsx --conditions=react-server scripts/balances.ts set --account "Demo Merchant Ltd" --environment production --currency USDC --amount 5000.00 --create-account && node scripts/serve.mjs',
    url: `http://localhost:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    // Journeys run many calls a minute through one dashboard key: lift the sandbox limit for them.
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT_SANDBOX_PER_MINUTE: "100000",
      // The journeys' approver is added at the start of the run (issue 43's 24 h wait is a unit test's).
      APPROVER_MIN_AGE_HOURS: "0",
      // A step-up goes stale in 20 s here, so journeys meet the code prompt (5 minutes in use).
      STEP_UP_SECONDS: "20",
      // Journeys pay many new production wallets: the cooling-off journeys set a period on the Payees page.
      PRODUCTION_COOLING_OFF_MINUTES: "0",
      // Notices are mailed to the SMTP server e2e/notices.spec.ts starts on this port (issue 64).
      SMTP_URL: `smtp://127.0.0.1:${port + 60}`,
    },
  };
}
