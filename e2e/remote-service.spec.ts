/**
 * The console against a remote service: the standalone service (`npm run service`) on its own
 * PostgreSQL database, the console on another with EMBEDDED_SERVICE=off and both base URLs
 * pointing at the service, both given SERVICE_ADMIN_TOKEN.
 * - Money controls (issue 31): a finance person's production request is held in the console
 *   (the service's request log has no call for it), an administrator approves it, and the
 *   service then receives exactly the stored call, once.
 * - API keys (issue 34): the keys page lists the service's keys through its admin API; a key
 *   made there works against the service at once, and is refused once revoked there.
 * - An inbox whose public address the service cannot reach says so (issue 34).
 */
import { randomUUID } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { addPerson, choosePassword, signInWith } from "./fixtures/auth";
import { CLUSTER_ADMIN, PG_URL, startInstance, type Instance } from "./support/instances";
import { until } from "./support/listen";
import { apiKeys, destinationSection, fresh, openBuilder, VALID } from "./support/settlement";
import { choose, setChecked, typeInto } from "./support/forms";
import { approveInProduction, setUpAuthenticator } from "./support/second-factor";

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const BASE = Number(process.env.E2E_PORT ?? 3100);
const SERVICE = `http://127.0.0.1:${BASE + 31}`;
const CONSOLE = `http://127.0.0.1:${BASE + 32}`;
const stamp = Date.now().toString(36);
const ADMIN_TOKEN = `remote-admin-token-${stamp}-0123456789abcdef`;
const databases = { service: `remote_service_${stamp}`, console: `remote_console_${stamp}` };
const urlOf = (name: string) => {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
};
let service: ChildProcess;
const serviceOutput: string[] = [];
let app: Instance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  for (const name of Object.values(databases)) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  service = spawn("npx", ["tsx", "--conditions=react-server", "lib/service/standalone.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: urlOf(databases.service),
      SERVICE_PORT: String(BASE + 31),
      SERVICE_HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SERVICE_ADMIN_TOKEN: ADMIN_TOKEN,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  service.stdout?.on("data", (c) => serviceOutput.push(String(c)));
  service.stderr?.on("data", (c) => serviceOutput.push(String(c)));
  await until(
    "the service",
    async () => (await fetch(`${SERVICE}/v0/openapi.json`).catch(() => null))?.status === 200,
    90_000,
  ).catch((e) => {
    throw new Error(`${e}\n${serviceOutput.join("")}`);
  });
  app = startInstance("remote-console", BASE + 32, urlOf(databases.console), {
    EMBEDDED_SERVICE: "off",
    SETTLEMENT_SANDBOX_BASE_URL: SERVICE,
    SETTLEMENT_PRODUCTION_BASE_URL: SERVICE,
    SERVICE_ADMIN_TOKEN: ADMIN_TOKEN,
    // An address the service cannot reach (nothing listens on port 9): the inbox page must say so.
    INBOX_PUBLIC_URL: "http://127.0.0.1:9",
  });
  await until(
    "the console",
    async () => (await fetch(`${CONSOLE}/api/ready`).catch(() => null))?.status === 200,
    90_000,
  ).catch((e) => {
    throw new Error(`${e}\n${app.output.join("")}`);
  });
});

test.afterAll(async () => {
  for (const child of [app?.process, service]) child?.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 2_000));
  for (const child of [app?.process, service]) if (child && child.exitCode === null) child.kill("SIGKILL");
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  for (const name of Object.values(databases)) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** The service's own request log, read with the production key: calls carrying this Idempotency-Key. */
async function serviceCalls(idempotencyKey: string): Promise<number> {
  const res = await fetch(`${SERVICE}/v0/request-logs?idempotency_key=${encodeURIComponent(idempotencyKey)}`, {
    headers: { "X-Api-Key": apiKeys()[1] },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: unknown[] }).data.length;
}

/** Sends one marked (refused) call to the service and waits until its request log holds it (issue 60, item 8). */
async function serviceLogBarrier(): Promise<void> {
  const marker = `barrier-${randomUUID()}`;
  const sent = await fetch(`${SERVICE}/v0/settlement-requests`, {
    method: "POST",
    headers: { "X-Api-Key": apiKeys()[1], "Idempotency-Key": marker, "Content-Type": "application/json" },
    body: "{}",
  });
  expect(sent.status).toBe(400);
  await expect.poll(() => serviceCalls(marker), { timeout: 15_000 }).toBe(1);
}

async function signedIn(
  browser: import("@playwright/test").Browser,
  credentials: { email: string; password: string },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: CONSOLE, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInWith(page, credentials);
  return page;
}

test("held in the console, approved, then sent to the remote service once", async ({ browser }) => {
  const admin = await signedIn(browser, CLUSTER_ADMIN);
  const email = `finance-${stamp}@remote.test`;
  const oneTime = await addPerson(admin, { email, name: "Remote finance", role: "finance" });
  const financeContext = await browser.newContext({ baseURL: CONSOLE, viewport: { width: 1440, height: 900 } });
  const finance = await financeContext.newPage();
  await signInWith(finance, { email, password: oneTime });
  await choosePassword(finance, oneTime);

  await admin.goto("/approvals/rules/new");
  await typeInto(admin.getByLabel("Name"), "Remote production USDC");
  await typeInto(admin.getByLabel("Amount at or above"), "100");
  await setChecked(admin.getByLabel("USDC", { exact: true }));
  await admin.getByRole("button", { name: "Create rule" }).click();
  await admin.waitForURL(/\/approvals\/rules$/);

  await financeContext.addCookies([{ name: "console_env", value: "production", url: CONSOLE }]);
  await openBuilder(finance, "STABLECOIN_TO_STABLECOIN");
  await typeInto(finance.getByLabel(/^Amount/), "150");
  await choose(destinationSection(finance).getByLabel("Currency"), "USDC");
  await choose(destinationSection(finance).getByLabel("Chain"), "ETHEREUM");
  await typeInto(finance.getByLabel("Wallet address"), fresh.evm());
  await finance.getByRole("button", { name: "Create settlement request" }).click();
  await finance
    .getByRole("dialog", { name: "Create in production?" })
    .getByRole("button", { name: "Create in production" })
    .click();
  const held = finance.getByTestId("held-for-approval");
  await expect(held).toContainText("“Remote production USDC” needs 1 approval from Admin or Finance");
  await held.getByRole("link", { name: "Follow it on the Approvals page" }).click();
  await finance.waitForURL(/\/approvals\/sub_/);
  const id = finance.url().replace(/^.*\/approvals\//, "");
  const key = ((await finance.getByText(/^Idempotency-Key: /).textContent()) ?? "")
    .replace("Idempotency-Key: ", "")
    .trim();
  // A barrier, not a sleep: a marked call sent now is in the log only after every call before it.
  await serviceLogBarrier();
  expect(await serviceCalls(key)).toBe(0);

  // A production approval is a step-up decision (issue 43): a second administrator with an authenticator app.
  const approverEmail = `approver-${stamp}@remote.test`;
  const approverOneTime = await addPerson(admin, { email: approverEmail, name: "Remote approver", role: "admin" });
  const approver = await signedIn(browser, { email: approverEmail, password: approverOneTime });
  await choosePassword(approver, approverOneTime);
  const secret = await setUpAuthenticator(approver);
  await approver.getByRole("button", { name: "Done" }).click();
  await approver.goto(`/approvals/${id}`);
  await approveInProduction(approver, secret);
  await expect(approver.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
  await expect.poll(() => serviceCalls(key), { timeout: 10_000 }).toBe(1);
  const requestId = ((await approver.getByTestId("result-link").textContent()) ?? "").replace("Open ", "").trim();
  const res = await fetch(`${SERVICE}/v0/settlement-requests/${requestId}`, { headers: { "X-Api-Key": apiKeys()[1] } });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { amount: string }).amount).toMatch(/^150(\.0+)?$/);
  await financeContext.close();
  await approver.context().close();
  await admin.context().close();
});

test("the API keys page manages the remote service's keys through its admin API", async ({ browser }) => {
  const admin = await signedIn(browser, CLUSTER_ADMIN);
  await admin.goto("/admin/api-keys?environment=sandbox");
  const sandboxKey = apiKeys()[0];
  await expect(admin.locator(`[data-testid="key-row"][data-prefix="${sandboxKey.slice(0, 14)}"]`)).toContainText(
    "Used by this console",
  );
  await admin.getByRole("button", { name: "Create key" }).click();
  const dialog = admin.getByRole("dialog");
  await typeInto(dialog.getByLabel("Label"), "remote billing");
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = ((await dialog.getByTestId("one-time-secret").textContent()) ?? "").trim();
  expect(key).toMatch(/^sk_test_/);
  await dialog.getByRole("button", { name: "Done" }).click();
  // Made in the service's own database: it answers to it at once.
  expect((await fetch(`${SERVICE}/v0/settlement-requests`, { headers: { "X-Api-Key": key } })).status).toBe(200);

  const row = admin.locator(`[data-testid="key-row"][data-prefix="${key.slice(0, 14)}"]`);
  await row.getByRole("button", { name: /Revoke/ }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row.getByText("Revoked")).toBeVisible();
  expect((await fetch(`${SERVICE}/v0/settlement-requests`, { headers: { "X-Api-Key": key } })).status).toBe(401);
  await admin.context().close();
});

test("an inbox the remote service cannot reach says so, and why", async ({ browser }) => {
  const admin = await signedIn(browser, CLUSTER_ADMIN);
  await admin.goto("/inbox");
  await admin.getByRole("button", { name: "New inbox" }).first().click();
  await admin.waitForURL(/\/inbox\?box=ibx_/);
  await admin.getByRole("button", { name: "Register as sandbox endpoint" }).click();
  await expect(admin.getByTestId("inbox-registration")).toContainText("Registered (sandbox)");
  // An event for it: the service tries to deliver to http://127.0.0.1:9/inbox/…, where nothing listens.
  const created = await fetch(`${SERVICE}/v0/settlement-requests`, {
    method: "POST",
    headers: {
      "X-Api-Key": apiKeys()[0],
      "Content-Type": "application/json",
      "Idempotency-Key": `unreachable-${stamp}`,
    },
    body: JSON.stringify({
      type: "STABLECOIN_TO_STABLECOIN",
      payment_reason: "GIFTS",
      amount: "10",
      destination: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
    }),
  });
  expect(created.status).toBe(201);
  await expect
    .poll(
      async () => {
        await admin.reload();
        return admin.getByTestId("inbox-unreachable").count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect(admin.getByTestId("inbox-unreachable")).toContainText("INBOX_PUBLIC_URL");
  await expect(admin.getByTestId("inbox-unreachable")).toContainText("http://127.0.0.1:9/inbox/");
  await admin.context().close();
});
