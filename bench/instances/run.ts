/**
 * bench/instances: a sandbox PATCH on instance A → the event on screen in a browser watching
 * instance B, p50 and p90 over SAMPLES transitions, beside the same figure on one instance
 * (PATCH, delivery, receiver and screen all on B), measured in the same run. Goal: p50 under
 * 250 ms across instances.
 *
 * Path measured: PATCH on A → event row → a delivery worker (A's, woken in-process) → POST
 * A/inbox/<id> (stored on A) → NOTIFY → B's LISTEN → B's SSE → the message card in B's page.
 * "On screen" is the time a MutationObserver in the page sees the card (same machine clock).
 *
 *   npm run build && npx tsx --conditions=react-server bench/instances/run.ts   (BENCH_SAMPLES, TEST_DATABASE_URL)
 */
import { chromium, type Page } from "playwright-core";
import { SAMPLES as SAMPLE_REQUESTS } from "../../components/sandbox/sample-requests";
import { CLUSTER_ADMIN, startCluster } from "../../e2e/support/instances";
import { CHROMIUM_ARGS, sandboxKey } from "../lib/console";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const GOAL_MS = 250;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

const REQUEST = SAMPLE_REQUESTS.offramp_eur.body;

async function api(base: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      "X-Api-Key": sandboxKey(),
      "Content-Type": "application/json",
      "Idempotency-Key": `bench-${Math.random().toString(36).slice(2)}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Records, in the page, when a message card about each resource first appears. */
async function watchCards(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __seen: Record<string, number> }).__seen = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="inbox-message"] [data-testid="resource-id"]')) {
        const id = el.textContent?.trim();
        if (id && !(id in seen)) seen[id] = Date.now();
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

async function seenAt(page: Page, resourceId: string, timeoutMs = 10_000): Promise<number> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const at = await page.evaluate(
      (id) => (window as unknown as { __seen: Record<string, number> }).__seen[id],
      resourceId,
    );
    if (at) return at;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${resourceId} never showed`);
}

/** Opens an inbox on `screen` (a page routed to it) whose webhook endpoint is `receiverBase`/inbox/<id>. */
async function measure(page: Page, patchBase: string, receiverBase: string): Promise<number[]> {
  await page.goto("/inbox");
  await page.getByRole("button", { name: "New inbox" }).first().click();
  await page.waitForURL(/\/inbox\?box=ibx_/);
  const id = new URL(page.url()).searchParams.get("box") ?? "";
  await page.getByTestId("stream-state").and(page.locator('[data-state="live"]')).waitFor();
  const hook = await api(patchBase, "POST", "/v0/webhooks", {
    url: `${receiverBase}/inbox/${id}`,
    events: ["settlement_request.updated"],
  });
  await watchCards(page);
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES + 2; i++) {
    const created = await api(patchBase, "POST", "/v0/settlement-requests", REQUEST);
    const requestId = String(created.id);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await api(patchBase, "PATCH", `/v0/sandbox/settlement-requests/${requestId}/status`, {
      status: "PAYIN_UNDER_REVIEW",
    });
    const shown = await seenAt(page, requestId);
    if (i >= 2) latencies.push(shown - started); // the first two warm the path
  }
  await api(patchBase, "DELETE", `/v0/webhooks/${String(hook.id)}`);
  return latencies;
}

const cluster = await startCluster({ ports: [3321, 3322] });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
try {
  const [a, b] = cluster.instances;
  if (!a || !b) throw new Error("two instances expected");
  const context = await browser.newContext({ baseURL: cluster.proxyUrl });
  const page = await context.newPage();
  cluster.route("A");
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(CLUSTER_ADMIN.email);
  await page.getByLabel("Password").fill(CLUSTER_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  cluster.route("B"); // the screen is B's from here on

  const one = await measure(page, b.url, b.url);
  const across = await measure(page, a.url, a.url);
  const row = (label: string, xs: number[]) =>
    `${label.padEnd(44)} p50 ${String(percentile(xs, 50)).padStart(5)} ms   p90 ${String(percentile(xs, 90)).padStart(5)} ms`;
  console.log(`\nsandbox PATCH → event on screen, ${SAMPLES} transitions each`);
  console.log(row("one instance (all on B)", one));
  console.log(row("across instances (PATCH and receiver on A)", across));
  const ratio = percentile(across, 50) / percentile(one, 50);
  console.log(
    `ratio across / one (p50): ${ratio.toFixed(2)}   goal: p50 across < ${GOAL_MS} ms → ${percentile(across, 50) < GOAL_MS ? "met" : "NOT met"}`,
  );
} finally {
  await browser.close();
  await cluster.stop();
}
