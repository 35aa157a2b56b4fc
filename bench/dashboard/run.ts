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
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { groupRssMb, stopAll, waitForUrl } from "../lib/processes";
import { CHROMIUM_ARGS, startConsole } from "../lib/console";
import {
  ADMIN,
  BASE,
  GOAL_ACTION_MS,
  GOAL_KB,
  GOAL_LIST_RATIO,
  GOAL_OVER_FLOOR_KB,
  GOAL_RSS_MB,
  IDLE_MS,
  KEY,
  LIST_RUNS,
  PARTS,
  PORT,
  PROD_KEY,
  SAMPLES,
  STATIC_ROUTES,
} from "./settings";
import { fmt, median, percentile } from "./stats";
import { payerLink, postServerAction, seed, serverAction, signIn, uploadBatch } from "./seed";
import { bareNext, firstLoadJs, servedAsFiles, timeTo, timed } from "./page-measures";

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
        ["/batches/[id]", `/batches/${await uploadBatch(context)}`],
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
        const res = await postServerAction(action, cookies, [{ resource_id: ids.request, page_size: 1 }]);
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
