import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

const TIMING = process.env.VITEST_TIMING === "1";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    // Tests that count what arrives per second of wall time (`*.timing.*.test.ts`) run in a pass of
    // their own after the main one, alone (VITEST_TIMING=1 and --no-file-parallelism, scripts/test.mjs).
    include: TIMING
      ? ["lib/**/*.timing.*.test.ts"]
      : [
          "lib/**/*.test.ts",
          "app/**/*.test.ts",
          "components/**/*.test.ts",
          "test/**/*.test.ts",
          "scripts/**/*.test.ts",
        ],
    exclude: TIMING ? ["**/node_modules/**"] : ["**/node_modules/**", "**/*.timing.*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest's default is one worker fewer than the cores: one, on these 2-core machines. Many
    // files wait on PostgreSQL or timers, so one a core keeps them busy (issue 48).
    maxWorkers: Math.max(1, availableParallelism()),
    // As Playwright in CI (playwright.config.ts): one retry, and scripts/test.mjs names every test
    // that needed it, so a flaky test is seen and fixed rather than hidden.
    retry: process.env.CI ? 1 : 0,
  },
});
