// `npm start`: installs what is missing, creates .env.local with fresh keys on first run, builds
// if needed, then serves the app (dashboard + embedded service) on PORT. It says what it is doing,
// step by step, with how long each took (issue 45: a newcomer's first start).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { buildCurrent, dependenciesStale, must, step } from "./lib.mjs";

process.chdir(new URL("..", import.meta.url).pathname);
const started = Date.now();
const port = process.env.PORT ?? "3000";
const firstStart = !existsSync(".env.local");

console.log(
  `Settlement Console: starting${firstStart ? " for the first time (a few minutes on a small machine)" : ""}.`,
);
if (dependenciesStale())
  await step("[1/4] Installing dependencies (npm install, 1–2 min the first time)", "npm", [
    "install",
    "--no-audit",
    "--no-fund",
    "--loglevel=error",
  ]);
else console.log("[1/4] Dependencies: up to date");
console.log(`[2/4] Secrets: ${firstStart ? "creating .env.local with fresh keys" : ".env.local"}`);
must("node", ["scripts/ensure-env.mjs"]);
if (!buildCurrent())
  await step("[3/4] Building the app (next build, 3–6 min on 2 cores)", "npx", ["next", "build"], {
    env: { NEXT_TELEMETRY_DISABLED: "1" },
  });
else console.log("[3/4] Build: up to date");
console.log(`[4/4] Starting the server on port ${port} (the database and its migrations open on start)…`);

const child = spawn("node", ["scripts/serve.mjs"], {
  stdio: ["inherit", "pipe", "inherit"],
  env: { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: "1" },
});
let announced = false;
let exited = false;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Whether the console answers ready: only then is it said to be running (issue 58: a refusal was followed by "running"). */
async function ready() {
  for (let i = 0; i < 240 && !exited; i++) {
    const ok = await fetch(`http://localhost:${port}/api/ready`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return true;
    await sleep(500);
  }
  return false;
}
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready|started server/i.test(String(chunk))) {
    announced = true;
    // Warm the embedded service (opens the database, applies migrations, starts its workers).
    fetch(`http://localhost:${port}/v0/openapi.json`)
      .catch(() => undefined)
      .then(ready)
      .then((up) => {
        if (!up || exited) return;
        console.log(
          `\nSettlement Console is running: http://localhost:${port} (started in ${Math.round((Date.now() - started) / 1000)} s)\n` +
            (firstStart
              ? 'Sign in at /sign-in as the administrator named above (its password is in the file it names); the README\'s "Two commands" says what next.\n'
              : ""),
        );
      });
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  exited = true;
  process.exit(code ?? 0);
});
