// Helpers shared by the start and test scripts. Plain Node only (they run before npm install).
import { spawnSync } from "node:child_process";
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

/** npm install when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = "node_modules/.package-lock.json";
  const stale =
    !existsSync(marker) ||
    statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs + 1000 ||
    statSync("package.json").mtimeMs > statSync(marker).mtimeMs + 1000;
  if (stale) {
    console.log("Installing dependencies (npm install)…");
    must("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"]);
  }
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

/** next build unless .next holds a build newer than every source file. */
export function ensureBuild({ force = false } = {}) {
  const id = ".next/BUILD_ID";
  if (!force && existsSync(id) && statSync(id).mtimeMs >= newestMtime(SOURCES)) return;
  console.log("Building the app (next build)…");
  must("npx", ["next", "build"], { env: { NEXT_TELEMETRY_DISABLED: "1" } });
}
