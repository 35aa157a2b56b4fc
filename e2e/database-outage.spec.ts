/**
 * The database goes away under a running console (issue 49): the console on PostgreSQL through a
 * proxy that cuts every connection and refuses new ones. While cut, /api/ready says not ready,
 * the API answers 503 with Retry-After, and a page says "the database is unreachable, retrying"
 * instead of a crash page; when the proxy lets connections through again the page comes back
 * by itself, with no reload, and the process never died.
 */
import { expect, test } from "@playwright/test";
import { startCuttingProxy, type CuttingProxy } from "../lib/db/testing/cutting-proxy";
import { signInWith } from "./fixtures/auth";
import { CLUSTER_ADMIN, PG_URL, scratchDatabase, startInstance, type Instance } from "./support/instances";
import { sandboxKey } from "./support/settlement";
import { lookAt } from "./support/screens";

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const PORT = Number(process.env.E2E_PORT ?? 3100) + 23;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const database = scratchDatabase("console_outage");
let proxy: CuttingProxy;
let app: Instance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await database.create();
  const target = new URL(PG_URL);
  proxy = await startCuttingProxy({ host: target.hostname, port: Number(target.port || 5432) });
  app = startInstance("outage", PORT, proxy.through(database.url), { AUTH_URL: ORIGIN });
  for (let i = 0; ; i++) {
    if ((await fetch(`${ORIGIN}/api/ready`).catch(() => null))?.status === 200) break;
    if (i > 360) throw new Error(`the console did not start:\n${app.output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  app?.process.kill("SIGTERM");
  await Promise.race([app?.exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (app?.process.exitCode === null) app.process.kill("SIGKILL");
  await proxy?.close();
  await database.drop();
});

test("a cut database: not ready, 503 with Retry-After, the page says it is retrying, and it comes back by itself", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: ORIGIN });
  const page = await context.newPage();
  await signInWith(page, CLUSTER_ADMIN);
  await page.goto("/settlement-requests");
  await expect(page.getByRole("heading", { name: "Settlement requests", level: 1 })).toBeVisible();

  proxy.cut();
  const started = Date.now();
  const ready = await fetch(`${ORIGIN}/api/ready`);
  expect(ready.status).toBe(503);
  expect(Date.now() - started).toBeLessThan(3_000);
  const create = await fetch(`${ORIGIN}/v0/settlement-requests`, {
    method: "POST",
    headers: { "X-Api-Key": sandboxKey(), "Content-Type": "application/json", "Idempotency-Key": "outage-1" },
    body: JSON.stringify({ type: "STABLECOIN_TO_STABLECOIN", payment_reason: "GIFTS", amount: "10" }),
  });
  expect(create.status).toBe(503);
  expect(create.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(((await create.json()) as { error: string }).error).toBe("service_unavailable");

  // A page asked for while the database is away: 503 with Retry-After, not 500, and the server
  // log does not hold the session's token (the failed query's parameters) (issue 58).
  const session = (await context.cookies()).find((c) => c.name.includes("session_token"));
  expect(session).toBeDefined();
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  await expect
    .poll(async () => (await fetch(`${ORIGIN}/settlement-requests`, { headers: { cookie } })).status, {
      timeout: 15_000,
    })
    .toBe(503);
  const pageAnswer = await fetch(`${ORIGIN}/settlement-requests`, { headers: { cookie } });
  expect(pageAnswer.status).toBe(503);
  expect(pageAnswer.headers.get("retry-after")).toMatch(/^\d+$/);
  const token = decodeURIComponent(session?.value ?? "").split(".")[0] ?? "";
  expect(token.length).toBeGreaterThan(10);
  expect(app.output.join("")).not.toContain(token);

  await page.reload();
  const unreachable = page.getByTestId("database-unreachable");
  await expect(unreachable).toBeVisible({ timeout: 15_000 });
  await expect(unreachable).toContainText("The database is unreachable, retrying");
  await lookAt(page, "test-results/screens/database-unreachable-1440.png");

  // Back, with no reload: the page's own check notices and loads it again.
  // A mark on the window: a reload would wipe it.
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  proxy.restore();
  await expect(page.getByRole("heading", { name: "Settlement requests", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(unreachable).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect((await fetch(`${ORIGIN}/api/ready`)).status).toBe(200);
  expect(app.process.exitCode).toBeNull();
  await context.close();
});
