import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgres, TEST_PG_URL } from "./testing/harness";
import type { Database } from "@/lib/db/database";

/**
 * Two standalone service processes on one PostgreSQL share each key's limit: limit 30, 2 × 50
 * concurrent requests with the same key → exactly 30 are served.
 */
const KEY = "sk_test_shared-rate-limit-key-000000000000";
const PORTS = [4611, 4612];
let database: Database & { schema: string };
const children: ChildProcess[] = [];

async function waitUntilUp(port: number): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v0/openapi.json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`service on ${port} did not start`);
}

beforeAll(async () => {
  database = await freshPostgres();
  const url = `${TEST_PG_URL}?options=${encodeURIComponent(`-c search_path=${database.schema}`)}`;
  for (const port of PORTS) {
    const child = spawn("npx", ["tsx", "--conditions=react-server", "lib/service/standalone.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        SERVICE_PORT: String(port),
        SERVICE_HOST: "127.0.0.1",
        RATE_LIMIT_SANDBOX_PER_MINUTE: "30",
        SETTLEMENT_SANDBOX_API_KEY: KEY,
        SETTLEMENT_PRODUCTION_API_KEY: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
      detached: true,
    });
    children.push(child);
  }
  await Promise.all(PORTS.map(waitUntilUp));
}, 120_000);

afterAll(async () => {
  // npx starts tsx which starts node: end the whole process group.
  for (const child of children) if (child.pid) process.kill(-child.pid, "SIGKILL");
  await database.close();
});

describe("rate limit across instances", () => {
  it("lets exactly the limit through when two instances share a database", async () => {
    // Stay inside one minute window: start early in a minute.
    while (new Date().getSeconds() > 45) await new Promise((r) => setTimeout(r, 500));
    const calls = PORTS.flatMap((port) =>
      Array.from({ length: 50 }, () =>
        fetch(`http://127.0.0.1:${port}/v0/sandbox/info`, { headers: { "X-Api-Key": KEY } }),
      ),
    );
    const responses = await Promise.all(calls);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
    const limited = responses.find((r) => r.status === 429)!;
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(limited.headers.get("ratelimit-limit")).toBe("30");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(await limited.json()).toMatchObject({ status_code: 429, error: "rate_limit_exceeded" });
  }, 60_000);
});
