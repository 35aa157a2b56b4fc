/**
 * bench/dashboard: in one run, against the built app (`npm run build` first), started here on a
 * fresh data directory:
 *
 *   1. first-load JS per route, kB gzip: every JS response a signed-in Chromium loads for the
 *      page (until the network is idle), each body gzipped here, beside Next's own floor (the
 *      not-found page: the framework and React, no console code). Every route the console has.
 *      Goal: ≤ 200 kB per route and ≤ 35 kB over the floor.
 *   2. time to the settlement-requests list's content (20 rows shown) with 100 requests present,
 *      in headless Chromium, median of several cold navigations, beside the not-found page's
 *      time to its heading; both timed in the page, to the paint of the frame that shows them
 *      (timeTo). Goal: ≤ 1.5 × the floor. For information, the same two pages' HTML served as
 *      files from this process (servedAsFiles): what is left when the server does no work.
 *   3. the latency a server action adds over calling the API directly (p50): GET one request
 *      through the listEvents action (and the detail poll's GET /live/…) vs straight from Node with the key, and Next's
 *      trivial /api/health route handler as the floor. Goal: p50 added < 15 ms.
 *   4. idle RSS (every process of the server, summed) after start on PGlite, beside a bare
 *      `next start` of an empty app built here with the same Next. Goal: < 400 MB.
 *
 *   npx tsx --conditions=react-server bench/dashboard/run.ts     (BENCH_PORT, BENCH_SAMPLES, BENCH_LIST_RUNS)
 *   BENCH_ONLY=list (or js, action, rss, comma-separated): only those parts, to iterate on one figure.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { groupRssMb, startProcess, stopAll, stopProcess, waitForUrl } from "../lib/processes";
import { CHROMIUM_ARGS, signedIn, startConsole } from "../lib/console";
import { execFileSync } from "node:child_process";

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const BASE = `http://localhost:${PORT}`;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
const PARTS = new Set((process.env.BENCH_ONLY ?? "js,list,action,rss").split(",").map((p) => p.trim()));
const KEY = "sk_test_bench-dashboard-00000000000000000000";
const PROD_KEY = "sk_live_bench-dashboard-00000000000000000000";
const ADMIN = { email: "bench@console.local", password: "bench-admin-password-0001" };
const GOAL_KB = 200;
const GOAL_OVER_FLOOR_KB = 35;
const GOAL_LIST_RATIO = 1.5;
const GOAL_ACTION_MS = 15;
const GOAL_RSS_MB = 400;
const IDLE_MS = 5_000;
const STATIC_ROUTES = [
  "/",
  "/rates",
  "/settlement-requests",
  "/settlement-requests/new",
  "/payments",
  "/disbursements",
  "/disbursements/new",
  "/balances",
  "/webhooks",
  "/events",
  "/request-log",
  "/inbox",
  "/sandbox",
  "/v1-payments",
  "/v1-payments/new",
  "/api-reference",
  "/settings",
  "/account",
  "/admin/users",
  "/admin/api-keys",
  "/admin/audit",
  "/payees",
  "/approvals",
  "/approvals/rules",
  "/approvals/rules/new",
  "/batches",
  "/reconciliation",
  "/reports",
];
const SOLANA = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

const median = (xs: number[]) => percentile(xs, 50);
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const kb = (bytes: number) => bytes / 1024;
const fmt = (n: number, d = 1) => n.toFixed(d);

async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(BASE + path, {
    method,
    headers: {
      "X-Api-Key": KEY,
      Accept: "application/json",
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function requestBody(i: number) {
  return {
    type: "STABLECOIN_TO_FIAT",
    payment_reason: "PURCHASE_OF_SERVICES",
    source: { currency: "USDC", rail: "SOLANA", wallet_address: SOLANA },
    destination: {
      currency: "EUR",
      rail: "LOCAL",
      amount: `${100 + i}.00`,
      iban: "DE89370400440532013000",
      beneficiary: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Lovelace", address: { country_code: "DE" } },
    },
    external_id: `bench-${i}`,
  };
}

/** Sample data: 100 settlement requests, a disbursement, a /v1 payment; ids for the detail routes. */
async function seed(): Promise<Record<string, string>> {
  let first = "";
  for (let i = 0; i < 100; i++) {
    const r = await api<{ id: string; inbound_payment: { id: string } }>(
      "POST",
      "/v0/settlement-requests",
      requestBody(i),
      { "Idempotency-Key": `bench-${i}-${Date.now()}` },
    );
    first ||= r.id;
  }
  const request = await api<{ id: string; inbound_payment: { id: string } }>("GET", `/v0/settlement-requests/${first}`);
  const disbursement = await api<{ id: string }>(
    "POST",
    "/v0/disbursements",
    { wallet_address: EVM, amount: "5", currency: "USDC" },
    { "Idempotency-Key": `bench-d-${Date.now()}` },
  );
  const v1 = await api<{ id: string }>("POST", "/v1/payments", {
    type: "LIQUIDITY",
    amount: "5",
    currency_code: "USDC",
    chain: "SOLANA",
    destination_wallet: SOLANA,
  });
  return { request: request.id, payment: request.inbound_payment.id, disbursement: disbursement.id, v1: v1.id };
}

const signIn = (browser: Browser): Promise<BrowserContext> => signedIn(browser, BASE, ADMIN);

/**
 * The JS of one cold page load (fresh cache), each body gzipped here: `kb` is what the document
 * itself references (Next's "first load JS": the chunks the page needs to run), `laterKb` what the
 * browser fetched after that until the network was idle (parts loaded when used, link prefetches).
 */
async function firstLoadJs(
  context: BrowserContext,
  path: string,
): Promise<{ kb: number; files: number; laterKb: number }> {
  const page = await context.newPage();
  const bodies: Array<Promise<{ name: string; gz: number } | null>> = [];
  const seen = new Set<string>();
  page.on("response", (res) => {
    const url = res.url();
    const isJs = res.request().resourceType() === "script" || /\.m?js(\?|$)/.test(new URL(url).pathname);
    if (!isJs || seen.has(url)) return;
    seen.add(url);
    const name = new URL(url).pathname.split("/").pop() ?? url;
    bodies.push(
      res
        .body()
        .then((b) => ({ name, gz: gzipSync(b, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  const response = await page.goto(path, { waitUntil: "networkidle" });
  const html = (await response?.text()) ?? "";
  const referenced = new Set([...html.matchAll(/\/_next\/static\/chunks\/([^"'?\\]+\.js)/g)].map((m) => m[1]));
  const loaded = (await Promise.all(bodies)).filter((b): b is { name: string; gz: number } => b !== null);
  await page.close();
  const first = loaded.filter((b) => referenced.has(b.name));
  const later = loaded.filter((b) => !referenced.has(b.name));
  const sum = (xs: Array<{ gz: number }>) => kb(xs.reduce((total, b) => total + b.gz, 0));
  return { kb: sum(first), files: first.length, laterKb: sum(later) };
}

/** A payer's link to a request's instructions, made through the console's own server action. */
async function payerLink(context: BrowserContext, requestId: string): Promise<string> {
  const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const action = serverAction("sharePaymentInstructions", { id: requestId });
  const res = await fetch(BASE + action.path, {
    method: "POST",
    headers: {
      "Next-Action": action.id,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Origin: BASE,
      Cookie: cookies,
    },
    body: JSON.stringify([{ id: requestId }]),
  });
  const path = /\/pay\/[\w-]+\.[\w-]+/.exec(await res.text())?.[0];
  if (!path) throw new Error("sharePaymentInstructions gave no link");
  return path;
}

/**
 * Cold navigation to `path` until `selector` has `count` elements that are visible and painted, in
 * ms since the navigation started (the page's own clock). The check is installed in the page before
 * any of its own scripts and runs on every animation frame from the first one; once the content is
 * there, the time is taken after that frame's layout and paint. So the figure is when the content
 * was on screen, not when the harness got round to looking: Playwright's own wait starts only once
 * it has injected its script into the new document, which on a loaded 2-core machine was 300–400
 * ms after the not-found page's heading was already on screen (and so inflated the floor far more,
 * in proportion, than the list).
 */
async function timeTo(
  context: BrowserContext,
  path: string,
  selector: string,
  count = 1,
): Promise<{ content: number; firstByte: number }> {
  const page = await context.newPage();
  // As a string: tsx would wrap a named function in a helper the page does not have. The page
  // reports the time on the console, so the harness never touches the page before then: a
  // Playwright wait (waitForFunction) first injects Playwright's own 330 kB script into the page,
  // which on this machine held the main thread for 80–150 ms in the middle of a slower page's load.
  await page.addInitScript({
    content: `(() => {
      const check = () => {
        const found = document.querySelectorAll(${JSON.stringify(selector)});
        const el = found[${count - 1}];
        if (!(found.length >= ${count} && el?.checkVisibility())) return requestAnimationFrame(check);
        // Found at the start of a frame; a message posted now is handled once that frame's
        // style, layout and paint are done: the time the content was on screen.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const nav = performance.getEntriesByType("navigation")[0];
          console.debug("bench:content " + performance.now() + " " + nav.responseStart);
        };
        channel.port2.postMessage(0);
      };
      requestAnimationFrame(check);
    })();`,
  });
  const reported = page.waitForEvent("console", {
    predicate: (m) => m.text().startsWith("bench:content "),
    timeout: 30_000,
  });
  await page.goto(path, { waitUntil: "commit" });
  const [content, firstByte] = (await reported).text().split(" ").slice(1).map(Number);
  await page.close();
  return { content, firstByte };
}

/**
 * Serves `pages` (path → HTML) and the build's static chunks from this process, with the cache
 * headers Next gives the chunks: the pages' time to content when the server does no work at all.
 */
async function servedAsFiles(pages: Record<string, string>): Promise<{ base: string; close: () => Promise<void> }> {
  const root = resolve(".next/static");
  const types: Record<string, string> = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".woff2": "font/woff2",
    ".svg": "image/svg+xml",
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://files").pathname;
    const html = pages[path];
    if (html !== undefined) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(html);
      return;
    }
    const file = resolve(root, `.${decodeURIComponent(path.replace(/^\/_next\/static\//, "/"))}`);
    if (!path.startsWith("/_next/static/") || !file.startsWith(root + sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, {
        "content-type": types[extname(file)] ?? "application/octet-stream",
        "cache-control": "public, max-age=31536000, immutable",
      })
      .end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { base: `http://localhost:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/** The id of a server action and a page path that serves it (as e2e/fixtures/server-actions.ts). */
function serverAction(exportedName: string, params: Record<string, string>): { id: string; path: string } {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
  };
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.exportedName !== exportedName) continue;
    const worker = Object.keys(entry.workers).find((w) => w.startsWith("app/") && w.endsWith("/page"));
    if (!worker) continue;
    const path = worker
      .replace(/^app/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\/page$/, "")
      .replace(/\[(\w+)\]/g, (_m, name: string) => params[name] ?? name);
    return { id, path: path || "/" };
  }
  throw new Error(`No server action ${exportedName} in .next (build first)`);
}

async function timed(n: number, call: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await call(); // warm-up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call();
    out.push(performance.now() - t);
  }
  return out;
}

/** Next's own floor: an empty App Router app built here with the same Next, `next start`: its memory and its page's JS. */
async function bareNext(browser: Browser): Promise<{ rssMb: number; jsKb: number }> {
  // Outside the repo (Next would find the console's next.config.ts from inside it), with a
  // hard-linked copy of node_modules: Turbopack does not follow a symlink out of its root.
  const dir = mkdtempSync(join(tmpdir(), "bench-bare-next-"));
  mkdirSync(join(dir, "app"));
  execFileSync("cp", ["-al", join(process.cwd(), "node_modules"), join(dir, "node_modules")]);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bare", private: true }));
  writeFileSync(
    join(dir, "app/layout.js"),
    "export default function L({ children }) { return <html><body>{children}</body></html>; }\n",
  );
  writeFileSync(join(dir, "app/page.js"), "export default function P() { return <h1>empty</h1>; }\n");
  const nextBin = join(dir, "node_modules/next/dist/bin/next");
  execFileSync("node", [nextBin, "build"], {
    cwd: dir,
    stdio: "ignore",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const port = PORT + 1;
  const child = startProcess("node", [nextBin, "start", "-p", String(port)], { NEXT_TELEMETRY_DISABLED: "1" }, dir);
  await waitForUrl(`http://localhost:${port}/`);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rssMb = groupRssMb(child.pid ?? 0);
  const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
  const { kb: jsKb } = await firstLoadJs(context, "/");
  await context.close();
  stopProcess(child);
  rmSync(dir, { recursive: true, force: true });
  return { rssMb, jsKb };
}

async function main() {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const bare = PARTS.has("js") || PARTS.has("rss") ? await bareNext(browser) : { rssMb: Number.NaN, jsKb: Number.NaN };
  const dataDir = mkdtempSync(join(tmpdir(), "bench-dashboard-"));
  const server = startConsole(PORT, ADMIN, {
    DATA_DIR: dataDir,
    SETTLEMENT_SANDBOX_API_KEY: KEY,
    SETTLEMENT_PRODUCTION_API_KEY: PROD_KEY,
    RATE_LIMIT_SANDBOX_PER_MINUTE: "100000000",
  });
  await waitForUrl(`${BASE}/api/health`);
  // As `npm start` does: open the embedded service (database, migrations, workers), then idle.
  await fetch(`${BASE}/v0/openapi.json`);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleMb = groupRssMb(server.pid ?? 0);
  console.log(`app up at ${BASE} (data in ${dataDir}); seeding 100 requests…`);
  const ids = await seed();

  try {
    const context = await signIn(browser);

    // 1. First-load JS per route.
    if (PARTS.has("js")) {
      const routes: Array<[string, string]> = [
        ["(floor) not-found", "/this-page-does-not-exist"],
        ["/sign-in (signed out)", "/sign-in"],
        ...STATIC_ROUTES.map((path): [string, string] => [path, path]),
        ["/settlement-requests/[id]", `/settlement-requests/${ids.request}`],
        ["/payments/[id]", `/payments/${ids.payment}`],
        ["/disbursements/[id]", `/disbursements/${ids.disbursement}`],
        ["/v1-payments/[id]", `/v1-payments/${ids.v1}`],
        ["/pay/[token] (signed out)", await payerLink(context, ids.request)],
      ];
      const signedOut = await browser.newContext({ baseURL: BASE });
      const sizes: Array<{ route: string; kb: number; files: number; laterKb: number }> = [];
      for (const [route, path] of routes) {
        // The floor is measured signed in: signed out, the proxy sends every page to /sign-in.
        const r = await firstLoadJs(route.includes("signed out") ? signedOut : context, path);
        sizes.push({ route, ...r });
      }
      const floor = sizes[0].kb;
      sizes.unshift({ route: "(Next) empty app, its page", kb: bare.jsKb, files: 0, laterKb: 0 });
      console.log(
        "\n1. First-load JS per route (kB gzip: the chunks the page's HTML references; 'then' = fetched after, until idle)",
      );
      console.log(
        `${"route".padEnd(30)} ${"kB gzip".padStart(8)} ${"files".padStart(6)} ${"over floor".padStart(11)} ${"× floor".padStart(8)} ${"goal".padStart(6)} ${"then kB".padStart(8)}`,
      );
      for (const s of sizes) {
        const fits = s.kb <= GOAL_KB && s.kb - floor <= GOAL_OVER_FLOOR_KB;
        const verdict = s.route.startsWith("(floor)")
          ? "floor"
          : s.route.startsWith("(Next)")
            ? ""
            : fits
              ? "ok"
              : "OVER";
        console.log(
          `${s.route.padEnd(30)} ${fmt(s.kb).padStart(8)} ${String(s.files).padStart(6)} ${fmt(s.kb - floor).padStart(11)} ${fmt(s.kb / floor, 2).padStart(8)} ${verdict.padStart(6)} ${fmt(s.laterKb).padStart(8)}`,
        );
      }
      console.log(`goal: ≤ ${GOAL_KB} kB and ≤ ${GOAL_OVER_FLOOR_KB} kB over the floor on every route`);
    }

    // 2. Time to the list's content with 100 requests.
    if (PARTS.has("list")) {
      const listRuns: Array<{ content: number; firstByte: number }> = [];
      const floorRuns: Array<{ content: number; firstByte: number }> = [];
      for (let i = 0; i < LIST_RUNS; i++) {
        listRuns.push(await timeTo(context, "/settlement-requests", '[data-testid="request-row"]', 20));
        floorRuns.push(await timeTo(context, "/this-page-does-not-exist", "h1"));
      }
      const listMs = listRuns.map((r) => r.content);
      const floorMs = floorRuns.map((r) => r.content);
      console.log(`\n2. Time to content, headless Chromium, median of ${LIST_RUNS} cold navigations`);
      console.log(`${"page".padEnd(44)} ${"ms".padStart(7)} ${"× floor".padStart(8)} ${"goal".padStart(7)}`);
      const list = median(listMs);
      const fl = median(floorMs);
      console.log(
        `${"(floor) not-found page, heading".padEnd(44)} ${fmt(fl, 0).padStart(7)} ${"1.00".padStart(8)} ${"".padStart(7)}`,
      );
      console.log(
        `${"/settlement-requests, 20 rows of 100".padEnd(44)} ${fmt(list, 0).padStart(7)} ${fmt(list / fl, 2).padStart(8)} ${(list / fl <= GOAL_LIST_RATIO ? "ok" : "OVER").padStart(7)}`,
      );
      console.log(`goal: ≤ ${GOAL_LIST_RATIO} × the floor`);
      // Where the time goes: the whole HTML document from Node (server render and transfer only).
      const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      const html = async (path: string) =>
        timed(LIST_RUNS, async () => {
          const res = await fetch(BASE + path, { headers: { Cookie: cookie } });
          await res.arrayBuffer();
        });
      const listHtml = median(await html("/settlement-requests"));
      const floorHtml = median(await html("/this-page-does-not-exist"));
      console.log(`(information) whole HTML from Node: list ${fmt(listHtml, 0)} ms, not-found ${fmt(floorHtml, 0)} ms`);
      console.log(
        `(information) first byte in the browser: list ${fmt(median(listRuns.map((r) => r.firstByte)), 0)} ms, not-found ${fmt(median(floorRuns.map((r) => r.firstByte)), 0)} ms`,
      );
      // What is left with no server work at all: both pages' HTML, as the server sent it, served as files.
      const page = async (path: string) => (await fetch(BASE + path, { headers: { Cookie: cookie } })).text();
      const files = await servedAsFiles({
        "/list": await page("/settlement-requests"),
        "/not-found": await page("/this-page-does-not-exist"),
      });
      const fileContext = await browser.newContext({ baseURL: files.base, viewport: { width: 1440, height: 900 } });
      const fileList: number[] = [];
      const fileFloor: number[] = [];
      for (let i = 0; i < LIST_RUNS; i++) {
        fileList.push((await timeTo(fileContext, "/list", '[data-testid="request-row"]', 20)).content);
        fileFloor.push((await timeTo(fileContext, "/not-found", "h1")).content);
      }
      await fileContext.close();
      await files.close();
      console.log(
        `(information) the same two pages' HTML served as files (no server work): list ${fmt(median(fileList), 0)} ms, not-found ${fmt(median(fileFloor), 0)} ms: ${fmt(median(fileList) / median(fileFloor), 2)} ×`,
      );
    }

    // 3. Added latency of a server action over a direct API call.
    if (PARTS.has("action")) {
      const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      // A read action a page still calls from the browser (the detail screens poll GET /live/… since D12.16).
      const action = serverAction("listEvents", { id: ids.request });
      const eventsPath = `/v0/events?resource_id=${ids.request}&page_size=1`;
      const direct = await timed(SAMPLES, async () => {
        const res = await fetch(`${BASE}${eventsPath}`, { headers: { "X-Api-Key": KEY } });
        if (res.status !== 200) throw new Error(`direct: ${res.status}`);
        await res.arrayBuffer();
      });
      const viaAction = await timed(SAMPLES, async () => {
        const res = await fetch(BASE + action.path, {
          method: "POST",
          headers: {
            "Next-Action": action.id,
            "Content-Type": "text/plain;charset=UTF-8",
            Accept: "text/x-component",
            Origin: BASE,
            Cookie: cookies,
          },
          body: JSON.stringify([{ resource_id: ids.request, page_size: 1 }]),
        });
        const text = await res.text();
        if (res.status !== 200 || !text.includes(ids.request))
          throw new Error(`action: ${res.status} ${text.slice(0, 200)}`);
      });
      const directRequest = await timed(SAMPLES, async () => {
        const res = await fetch(`${BASE}/v0/settlement-requests/${ids.request}`, { headers: { "X-Api-Key": KEY } });
        if (res.status !== 200) throw new Error(`direct: ${res.status}`);
        await res.arrayBuffer();
      });
      const viaLive = await timed(SAMPLES, async () => {
        const res = await fetch(`${BASE}/live/settlement-requests/${ids.request}`, { headers: { Cookie: cookies } });
        const text = await res.text();
        if (res.status !== 200 || !text.includes(ids.request))
          throw new Error(`live: ${res.status} ${text.slice(0, 200)}`);
      });
      const health = await timed(SAMPLES, async () => {
        const res = await fetch(`${BASE}/api/health`);
        await res.arrayBuffer();
      });
      const d50 = median(direct);
      const a50 = median(viaAction);
      console.log(`\n3. Server action proxy vs direct API call (${SAMPLES} sequential calls each, after 10 warm-up)`);
      console.log(`${"call".padEnd(52)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"× direct".padStart(9)}`);
      const line = (name: string, xs: number[]) =>
        console.log(
          `${name.padEnd(52)} ${fmt(median(xs), 2).padStart(7)} ${fmt(percentile(xs, 99), 2).padStart(7)} ${fmt(median(xs) / d50, 2).padStart(9)}`,
        );
      line("(floor) Next route handler /api/health", health);
      line("direct GET /v0/events?resource_id= with key", direct);
      line("server action listEvents (session)", viaAction);
      console.log(
        `added by the action proxy (p50): ${fmt(a50 - d50, 2)} ms (goal < ${GOAL_ACTION_MS} ms: ${a50 - d50 < GOAL_ACTION_MS ? "ok" : "OVER"})`,
      );
      line("direct GET /v0/settlement-requests/{id} with key", directRequest);
      line("GET /live/settlement-requests/{id} (session, the detail poll)", viaLive);
      console.log(`added by the live read (p50): ${fmt(median(viaLive) - median(directRequest), 2)} ms`);
    }

    // 4. Memory.
    if (PARTS.has("rss")) {
      const afterMb = groupRssMb(server.pid ?? 0);
      console.log(`\n4. Resident memory (all processes of the server, MB), idle ${IDLE_MS / 1000} s after start`);
      console.log(`${"server".padEnd(52)} ${"RSS MB".padStart(7)} ${"× floor".padStart(8)} ${"goal".padStart(6)}`);
      console.log(
        `${"(floor) bare next start, empty app".padEnd(52)} ${fmt(bare.rssMb, 0).padStart(7)} ${"1.00".padStart(8)} ${"".padStart(6)}`,
      );
      console.log(
        `${"console on PGlite, idle after start".padEnd(52)} ${fmt(idleMb, 0).padStart(7)} ${fmt(idleMb / bare.rssMb, 2).padStart(8)} ${(idleMb < GOAL_RSS_MB ? "ok" : "OVER").padStart(6)}`,
      );
      console.log(
        `${"console after this bench's traffic (information)".padEnd(52)} ${fmt(afterMb, 0).padStart(7)} ${fmt(afterMb / bare.rssMb, 2).padStart(8)} ${"".padStart(6)}`,
      );
    }
  } finally {
    await browser.close();
    stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
