/**
 * The main journeys against a remote service (issue 34), run by Playwright's "remote" project:
 * the console with EMBEDDED_SERVICE=off in front of the standalone service (`npm run service`)
 * on PostgreSQL (scripts/e2e-remote.mjs). Finance builds a request in the builder, support finds
 * requests by external_id and reads a timeline, a developer simulates a request to completion,
 * and an inbox receives the remote service's signed delivery live. Calls a merchant's server
 * would make go to the service itself, never through the console.
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { createInbox, createRequest, messageFor, patchStatus } from "./support/inbox";
import {
  apiKeys,
  createRequestViaApi,
  destinationSection,
  openBuilder,
  unique,
  VALID,
  watchErrors,
} from "./support/settlement";
import { choose, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

const SERVICE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 41}`;
let service: APIRequestContext;

test.beforeAll(async () => {
  service = await playwrightRequest.newContext({ baseURL: SERVICE });
});
test.afterAll(async () => {
  await service.dispose();
});

test("the console's own /v0 is off: every call goes to the remote service", async ({ page }) => {
  const res = await page.request.get("/v0/openapi.json");
  expect(res.status()).toBe(404);
  expect((await service.get("/v0/openapi.json")).status()).toBe(200);
});

test.describe("finance", () => {
  test.use({ role: "finance" });
  test("builds a settlement request; the remote service holds it", async ({ page }) => {
    const errors = watchErrors(page);
    const externalId = unique("remote-build");
    await openBuilder(page, "FIAT_TO_STABLECOIN");
    await typeInto(page.getByLabel(/^Amount/), "250");
    await choose(destinationSection(page).getByLabel("Currency"), "USDC");
    await choose(destinationSection(page).getByLabel("Chain"), "ETHEREUM");
    await typeInto(page.getByLabel("Wallet address"), VALID.evm);
    await typeInto(page.getByLabel("External ID"), externalId);
    await page.getByRole("button", { name: "Create settlement request" }).click();
    await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
    await expect(page.getByTestId("request-status")).toContainText("Request started");
    const id = new URL(page.url()).pathname.split("/").pop() ?? "";
    const held = await service.get(`/v0/settlement-requests/${id}`, { headers: { "X-Api-Key": apiKeys()[0] } });
    expect(held.status()).toBe(200);
    expect(((await held.json()) as { external_id: string }).external_id).toBe(externalId);
    expect(errors).toEqual([]);
  });
});

test.describe("support", () => {
  test.use({ role: "support" });
  test("finds requests by external_id and reads a timeline", async ({ page }) => {
    const externalId = unique("remote-shared");
    for (let i = 0; i < 2; i++) await createRequestViaApi(service, externalId);
    await page.goto("/settlement-requests");
    await typeInto(page.getByLabel("External ID"), externalId);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("request-row")).toHaveCount(2);
    await page.getByTestId("request-row").first().getByRole("link").click();
    await expect(page.getByTestId("timeline").getByTestId("timeline-entry").first()).toContainText("Created as");
    await expect(page.getByTestId("summary-external-id")).toContainText(externalId);
    await expect(page.getByRole("button", { name: "Mark funds sent" })).toHaveCount(0);
  });
});

test.describe("developer", () => {
  test.use({ role: "developer" });

  test("simulates a request to completion by clicks", async ({ page }) => {
    const { id } = await createRequestViaApi(service, unique("remote-dev"));
    await page.goto(`/settlement-requests/${id}`);
    const status = page.getByTestId("request-status");
    await page.getByRole("button", { name: "Mark funds sent" }).click();
    const dialog = page.getByRole("dialog");
    await typeInto(dialog.getByLabel("Transaction hash"), VALID.solanaTx);
    await dialog.getByRole("button", { name: "Mark funds sent" }).click();
    await expect(status).toContainText("Funds sent");
    await page.getByRole("button", { name: "Payin received" }).click();
    await expect(status).toContainText(/Settlement (sent|completed)/, { timeout: 20_000 });
    await page.getByRole("button", { name: "Complete request" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Complete request" }).click();
    await expect(status).toContainText("Request completed", { timeout: 10_000 });
    await expect(page.getByTestId("timeline-entry").last()).toHaveAttribute("data-to", "REQUEST_COMPLETED");
  });

  test("an inbox receives the remote service's signed delivery live, marked valid", async ({ page }) => {
    const errors = watchErrors(page);
    await createInbox(page, { register: true });
    await expect(page.getByTestId("inbox-unreachable")).toHaveCount(0);
    const req = await createRequest(service);
    await patchStatus(service, req.id, "PAYIN_UNDER_REVIEW");
    const updated = messageFor(page, req.id, "settlement_request.updated");
    await expect(updated).toHaveCount(1, { timeout: 15_000 });
    await expect(updated.getByTestId("verdict")).toHaveAttribute("data-verdict", "valid");
    await lookAt(page, "test-results/screens/remote-inbox.png", { fullPage: true });
    expect(errors).toEqual([]);
  });
});
