import { chromium } from "playwright-core";
import { signedIn, startConsole } from "../lib/console";
import { stopProcess, waitForUrl } from "../lib/processes";

/** bench/scale's console pages (issue 29): each page's whole HTML against a database with a history. */

const CONSOLE_PORT = 4711;
export const SCALE_PAGES = ["/settlement-requests", "/", "/request-log", "/events"];
const ADMIN = { email: "bench-scale@console.local", password: "bench-scale-admin-password" };

/**
 * The console's own pages on a database: the whole HTML of each page from Node, signed in as an
 * administrator (median of `runs` after two warm-ups). The console runs as `npm start` does
 * (scripts/serve.mjs) with the service embedded and this database, so its pages read the history.
 */
export async function consolePages(bench: { key: string; runs: number }, url: string): Promise<Record<string, number>> {
  const server = startConsole(CONSOLE_PORT, ADMIN, {
    // The same secrets every run: a database kept from an earlier run (BENCH_REUSE) knows them.
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    AUTH_SECRET: Buffer.alloc(32, 9).toString("base64url"),
    DATABASE_URL: url,
    SETTLEMENT_SANDBOX_API_KEY: bench.key,
    RATE_LIMIT_SANDBOX_PER_MINUTE: "100000000",
    LOG_LEVEL: "warn",
  });
  const base = `http://localhost:${CONSOLE_PORT}`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    await waitForUrl(`${base}/api/health`);
    const context = await signedIn(browser, base, ADMIN);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const out: Record<string, number> = {};
    for (const path of SCALE_PAGES) {
      const times: number[] = [];
      for (let i = 0; i < bench.runs + 2; i++) {
        const started = performance.now();
        const res = await fetch(base + path, { headers: { Cookie: cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        if (i >= 2) times.push(performance.now() - started);
      }
      out[path] = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
    }
    return out;
  } finally {
    await browser.close();
    stopProcess(server);
  }
}
