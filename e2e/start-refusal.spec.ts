/**
 * `npm start` on a configuration the console refuses (issue 58): an https AUTH_URL without
 * TRUSTED_PROXY in production. The refusal is the last thing it says, it exits 1, and it never
 * says "Settlement Console is running" (it did, after the refusal, while the port answered nothing).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";

test("npm start that refuses to start says so last and exits 1", async () => {
  test.setTimeout(180_000);
  // start.mjs rebuilds a stale build, which would pull .next from under the running consoles.
  const current = spawnSync(
    "node",
    [
      "--input-type=module",
      "-e",
      "const m = await import('./scripts/lib.mjs'); process.exit(m.buildCurrent() ? 0 : 3);",
    ],
    { encoding: "utf8" },
  );
  expect(current.status, "the build is older than the sources: run next build before the journeys").toBe(0);
  const port = Number(process.env.E2E_PORT ?? 3100) + 61;
  const child = spawn("node", ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(mkdtempSync(join(tmpdir(), "refusal-")), "data"),
      AUTH_URL: "https://console.example.com",
      TRUSTED_PROXY: "",
      ALLOW_UNKNOWN_CLIENT_ADDRESS: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  // Past the exit nothing more is said: the start script ends with the server.
  const lines = output.split("\n").filter((l) => l.trim() !== "");
  expect(code, output).toBe(1);
  expect(output).not.toContain("is running");
  expect(lines.at(-1), output).toContain("Refusing to start");
});
