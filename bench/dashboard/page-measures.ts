import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "playwright-core";
import { groupRssMb, startProcess, stopProcess, waitForUrl } from "../lib/processes";
import { execFileSync } from "node:child_process";
import { IDLE_MS, PORT } from "./settings";
import { kb } from "./stats";

/** How a page is measured: its first-load JS, the time to its content, the same HTML served as files, a call's latency, Next's own floor. */

/**
 * The JS of one cold page load (fresh cache), each body gzipped here: `kb` is what the document
 * itself references (Next's "first load JS": the chunks the page needs to run), `laterKb` what the
 * browser fetched after that until the network was idle (parts loaded when used, link prefetches).
 */
export async function firstLoadJs(
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
export async function timeTo(
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
export async function servedAsFiles(
  pages: Record<string, string>,
): Promise<{ base: string; close: () => Promise<void> }> {
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

export async function timed(n: number, call: () => Promise<void>): Promise<number[]> {
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
export async function bareNext(browser: Browser): Promise<{ rssMb: number; jsKb: number }> {
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
