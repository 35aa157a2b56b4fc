/**
 * Two console instances on one PostgreSQL behind a small proxy (e2e/support/instances.ts): one
 * session for both, an inbox opened on B receiving a webhook posted to A live, a server action
 * rendered by A and posted to B, and B shutting down gracefully while a browser watches: its
 * live stream ends with a retry hint and the browser carries on through A.
 */
import { expect, test, type Page } from "@playwright/test";
import { CLUSTER_ADMIN, startCluster, type Cluster } from "./support/instances";
import { messageFor, sign } from "./support/inbox";
import { choose, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const BASE = Number(process.env.E2E_PORT ?? 3100);
let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster({ ports: [BASE + 11, BASE + 12] });
});
test.afterAll(async () => {
  await cluster?.stop();
});

const [A, B] = ["A", "B"];
const instance = (name: string) => {
  const found = cluster.instances.find((i) => i.name === name);
  if (!found) throw new Error(name);
  return found;
};

async function postSigned(page: Page, url: string, resourceId: string, status = 200) {
  const body = JSON.stringify({
    id: `evt_${resourceId}`,
    type: "settlement_request.updated",
    created_at: new Date().toISOString(),
    data: { id: resourceId, status: "FUNDS_SENT" },
  });
  const t = Math.floor(Date.now() / 1000);
  const res = await page.request.post(url, {
    headers: {
      "Content-Type": "application/json",
      "X-Service-Signature": `t=${t},v1=${sign("whsec_someone", body, t)}`,
    },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(status);
}

test("one session, one inbox and one build across two instances; B drains and the browser carries on through A", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: cluster.proxyUrl });
  const page = await context.newPage();

  // Signed in on A…
  cluster.route(A);
  await page.goto("/sign-in");
  await typeInto(page.getByLabel("Email"), CLUSTER_ADMIN.email);
  await typeInto(page.getByLabel("Password"), CLUSTER_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  expect(cluster.served.some((s) => s.backend === A && s.action)).toBe(true);

  // …and the same session works on B: an inbox opened there, its live stream served by B.
  cluster.route(B);
  await page.goto("/inbox");
  await expect(page.locator("aside").getByTestId("user-role")).toHaveText("Admin");
  await page.getByRole("button", { name: "New inbox" }).first().click();
  await page.waitForURL(/\/inbox\?box=ibx_/);
  const id = new URL(page.url()).searchParams.get("box") ?? "";
  await expect(page.getByTestId("stream-state")).toHaveAttribute("data-state", "live");
  expect(cluster.served.some((s) => s.backend === B && s.path.startsWith(`/inbox/${id}/stream`))).toBe(true);

  // A webhook posted to A reaches the browser watching B (LISTEN/NOTIFY), without a reload.
  await postSigned(page, `${instance(A).url}/inbox/${id}`, "req_to_a_1");
  await expect(messageFor(page, "req_to_a_1", "settlement_request.updated")).toHaveCount(1, { timeout: 10_000 });

  // A page rendered by A, its server action posted to B: the same build's action ids and keys.
  cluster.route(A);
  await page.goto(`/inbox?box=${id}`);
  await expect(page.getByTestId("stream-state")).toHaveAttribute("data-state", "live");
  cluster.route(B);
  const before = cluster.served.length;
  await choose(page.getByLabel("Answer with"), "gone");
  await expect(page.getByText(/The receiver now answers/)).toBeVisible();
  expect(cluster.served.slice(before).some((s) => s.backend === B && s.action)).toBe(true);
  const gone = await page.request.post(`${instance(A).url}/inbox/${id}`, { data: "{}" });
  expect(gone.status()).toBe(410);

  // B drains while this page's live stream is open on it: the stream ends with a retry hint,
  // the browser reconnects (through the proxy, now to A) and the next webhook still shows.
  cluster.route(B);
  await page.goto(`/inbox?box=${id}`);
  await expect(page.getByTestId("stream-state")).toHaveAttribute("data-state", "live");
  cluster.route(A);
  instance(B).process.kill("SIGTERM");
  expect(await instance(B).exited).toBe(0);
  expect(instance(B).output.join("")).toMatch(/closed [1-9]\d* live stream/);
  await expect(page.getByTestId("stream-state")).toHaveAttribute("data-state", "live", { timeout: 15_000 });
  await postSigned(page, `${instance(A).url}/inbox/${id}`, "req_after_drain", 410); // still answering "gone", still stored
  await expect(messageFor(page, "req_after_drain", "settlement_request.updated")).toHaveCount(1, { timeout: 10_000 });
  await lookAt(page, "test-results/screens/instances-inbox.png", { fullPage: true });
  await context.close();
});
