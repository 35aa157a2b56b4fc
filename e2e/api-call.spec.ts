import { execFileSync } from "node:child_process";
import { expect, test } from "./fixtures/auth";
import { VALID, sandboxKey, unique, watchErrors } from "./support/settlement";
import { choose, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.use({ role: "developer" });

test("the builder shows its request as curl and fetch; the copied curl, run with a real key, creates the request, and the form's submit then replays it", async ({
  page,
  context,
}) => {
  const errors = watchErrors(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const externalId = unique("curl");
  await page.goto("/settlement-requests/new");
  await choose(page.getByRole("combobox", { name: "Type", exact: true }), "FIAT_TO_STABLECOIN");
  await typeInto(page.getByLabel(/^Amount/), "321.5");
  const destination = page.locator("section", { has: page.getByRole("heading", { name: "Destination" }) });
  await choose(destination.getByLabel("Currency"), "USDC");
  await choose(destination.getByLabel("Chain"), "ETHEREUM");
  await typeInto(page.getByLabel("Wallet address"), VALID.evm);
  await typeInto(page.getByLabel("External ID"), externalId);

  const preview = page.getByTestId("api-call-preview");
  await preview.locator("summary").click();
  await expect(preview).toContainText("POST /v0/settlement-requests");
  const shown = (await preview.getByTestId("api-call-curl").textContent()) ?? "";
  expect(shown).toContain("X-Api-Key: $SETTLEMENT_API_KEY");
  expect(shown).not.toContain(sandboxKey());
  const key = (await page.getByTestId("idempotency-key").textContent())?.trim() ?? "";
  expect(shown).toContain(`Idempotency-Key: ${key}`);

  // The fetch version says the same.
  await preview.getByRole("button", { name: "fetch" }).click();
  const fetchSnippet = (await preview.getByTestId("api-call-fetch").textContent()) ?? "";
  expect(fetchSnippet).toContain("process.env.SETTLEMENT_API_KEY");
  expect(fetchSnippet).toContain(externalId);
  await preview.getByRole("button", { name: "curl" }).click();
  await lookAt(page, "test-results/screens/builder-api-call.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await preview.getByTestId("api-call-curl").scrollIntoViewIfNeeded();
  await expect(preview.getByTestId("api-call-curl")).toBeInViewport();
  await lookAt(page, "test-results/screens/builder-api-call-390.png");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Copy, paste into a shell with the real key in the variable: the request is created.
  await preview.getByRole("button", { name: "Copy as curl" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  const output = execFileSync("sh", ["-c", `${copied} --silent --include`], {
    env: { ...process.env, SETTLEMENT_API_KEY: sandboxKey() },
  }).toString();
  expect(output).toMatch(/^HTTP\/1\.1 201/);
  const created = JSON.parse(output.slice(output.indexOf("\r\n\r\n") + 4)) as {
    id: string;
    type: string;
    external_id: string;
    amount: string;
    destination: { currency: string; rail: string; wallet_address: string };
  };
  expect(created.type).toBe("FIAT_TO_STABLECOIN");
  expect(created.external_id).toBe(externalId);
  expect(created.destination).toMatchObject({ currency: "USDC", rail: "ETHEREUM", wallet_address: VALID.evm });

  // Same key, same body: the console's own submit is a replay of the request the curl made.
  await page.getByRole("button", { name: "Create settlement request" }).click();
  await expect(page).toHaveURL(new RegExp(`/settlement-requests/${created.id}`), { timeout: 15_000 });
  await expect(page.getByText("Request already created")).toBeVisible();
  expect(errors).toEqual([]);
});

test("the other forms show their calls: disbursement, webhook endpoint, Simulate and the sandbox clock", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto("/disbursements/new");
  await typeInto(page.getByLabel("Wallet address"), VALID.solana);
  await typeInto(page.getByLabel(/^Amount/), "2.5");
  let preview = page.getByTestId("api-call-preview");
  await preview.locator("summary").click();
  await expect(preview.getByTestId("api-call-curl")).toContainText("/v0/disbursements");
  await expect(preview.getByTestId("api-call-curl")).toContainText(`"wallet_address": "${VALID.solana}"`);
  await expect(preview.getByTestId("api-call-curl")).toContainText("Idempotency-Key:");

  await page.goto("/webhooks");
  await page.getByRole("button", { name: "New endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await typeInto(dialog.getByLabel("URL"), "https://example.com/hooks/settlement");
  preview = dialog.getByTestId("api-call-preview");
  await preview.locator("summary").click();
  const curl = preview.getByTestId("api-call-curl");
  await expect(curl).toContainText("-X POST");
  await expect(curl).toContainText('"url": "https://example.com/hooks/settlement"');
  await expect(curl).not.toContainText('"description"'); // left empty: not sent
  await page.keyboard.press("Escape");

  await page.goto("/sandbox");
  const clock = page.getByTestId("sandbox-clock");
  preview = clock.getByTestId("api-call-preview");
  await preview.locator("summary").click();
  await expect(preview.getByTestId("api-call-curl")).toContainText('"seconds": 600'); // the custom 10 minutes
  // (Not sent here: the clock moves the whole account forward; e2e/sandbox-clock.spec.ts runs last.)
  await typeInto(clock.getByLabel("Amount"), "2");
  await choose(clock.getByLabel("Unit"), "hours");
  await expect(preview.getByTestId("api-call-curl")).toContainText('"seconds": 7200');
  await expect(preview).toContainText("The request this form will send.");
  expect(errors).toEqual([]);
});
