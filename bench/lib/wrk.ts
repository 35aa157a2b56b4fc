import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

function toMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
}

/** Runs wrk (a separate process, so the load generator is not the server's event loop). */
export function wrk(
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    body?: string;
    method?: string;
  } = {},
): LoadResult {
  const args = ["-t1", `-c${options.connections ?? 32}`, `-d${options.seconds ?? 8}s`, "--latency"];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}: ${value}`);
  if (options.body !== undefined || options.method) {
    const script = join(tmpdir(), `wrk-${process.pid}-${Date.now()}.lua`);
    writeFileSync(
      script,
      `wrk.method = ${JSON.stringify(options.method ?? "POST")}\nwrk.body = ${JSON.stringify(options.body ?? "")}\n` +
        `wrk.headers["Content-Type"] = "application/json"\n`,
    );
    args.push("-s", script);
  }
  args.push(url);
  const out = spawnSync("wrk", args, { encoding: "utf8" });
  const text = `${out.stdout}\n${out.stderr}`;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? "0");
  const p50 = /\s50%\s+([\d.]+\w+)/.exec(text)?.[1] ?? "NaN";
  const p99 = /\s99%\s+([\d.]+\w+)/.exec(text)?.[1] ?? "NaN";
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? "0");
  const errors = /Socket errors:.*/.exec(text)?.[0] ? 1 : 0;
  return { rps, p50Ms: toMs(p50), p99Ms: toMs(p99), non2xx, errors };
}
