// Helpers shared by the start and test scripts. Plain Node only (they run before npm install).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options, env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function must(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} exited with ${status}`);
    process.exit(status);
  }
}

/**
 * Runs a long step where a newcomer can see it (issue 45): "[2/4] Building the app (next build,
 * usually 2–4 min on 2 cores)…", a line every 15 s while it runs with what it printed last, and
 * "done in 94 s". Exits on failure, naming the command.
 */
export async function step(label, command, args, options = {}) {
  const started = Date.now();
  console.log(`${label}…`);
  let last = "";
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
    env: { ...process.env, ...options.env },
  });
  const echo = (stream) => (chunk) => {
    stream.write(chunk);
    const lines = String(chunk).trim().split("\n").filter(Boolean);
    if (lines.length > 0)
      last = lines
        .at(-1)
        .replace(/\x1b\[[0-9;]*m/g, "")
        .slice(0, 100);
  };
  child.stdout.on("data", echo(process.stdout));
  child.stderr.on("data", echo(process.stderr));
  const ticker = setInterval(() => {
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`   … still working (${seconds} s)${last ? `: ${last}` : ""}`);
  }, 15_000);
  const code = await new Promise((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  clearInterval(ticker);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(" ")} exited with ${code}`);
    process.exit(code);
  }
  console.log(`   done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** Whether node_modules is missing or older than the lockfile. */
export function dependenciesStale() {
  const marker = "node_modules/.package-lock.json";
  return (
    !existsSync(marker) ||
    statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs + 1000 ||
    statSync("package.json").mtimeMs > statSync(marker).mtimeMs + 1000
  );
}

/** npm install when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  if (dependenciesStale()) {
    console.log("Installing dependencies (npm install)…");
    must("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"]);
  }
}

/** Whether .next holds a build newer than every source file. */
export function buildCurrent() {
  const id = ".next/BUILD_ID";
  return existsSync(id) && statSync(id).mtimeMs >= newestMtime(SOURCES);
}

/** Newest modification time below the given paths (skipping dependencies and build output). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === "node_modules" || name === ".next" || name.startsWith(".data")) continue;
        walk(join(p, name));
      }
    } else if (s.mtimeMs > newest) newest = s.mtimeMs;
  };
  paths.forEach(walk);
  return newest;
}

export const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "package.json",
  "package-lock.json",
  "next.config.ts",
  "tsconfig.json",
  "postcss.config.mjs",
  "tailwind.config.ts",
  "instrumentation.ts",
];
