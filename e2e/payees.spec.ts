/**
 * The payee address book (issue 31): a production payee is blocked during its cooling-off
 * period (the disbursement form lists it but cannot pick it, and the address typed by hand is
 * refused), then usable once an administrator shortens the period; a rule can hold adding a
 * payee until someone else approves it.
 */
import { randomBytes } from "node:crypto";
import { base58 } from "@scure/base";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { whenHydrated } from "./support/hydration";
import { destinationSection, fillIndividual, openBuilder, VALID } from "./support/settlement";
import { choose, setChecked, typeInto } from "./support/forms";

// Two people and several pages per journey: 60 s, not 30, on a slow machine.
test.describe.configure({ mode: "serial", timeout: 60_000 });

// A Solana address of its own: no other journey pays it, so its cooling-off holds nobody else up.
const address = base58.encode(randomBytes(32));
const NAME = `E2E treasury ${Date.now().toString(36)}`;

async function coolingOff(page: Page, label: string) {
  await page.goto("/payees");
  const select = page.getByLabel(/^Cooling-off in /);
  await choose(select, { label });
  await expect(page.getByText("Cooling-off period saved")).toBeVisible();
}

test("a new production payee waits out its cooling-off period, then can be paid", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
  await coolingOff(page, "24 hours");
  const add = page.getByTestId("add-payee");
  await typeInto(add.getByLabel("Name"), NAME);
  await choose(add.getByLabel("Currency"), "USDC");
  await choose(add.getByLabel("Chain"), "SOLANA");
  await typeInto(add.getByLabel("Wallet address"), address);
  await add.getByRole("button", { name: "Add payee" }).click();
  const row = page.locator(`[data-testid="payee-row"][data-name="${NAME}"]`);
  await expect(row.getByTestId("payee-state")).toHaveText(/Usable in 2[34] h/);
  await page.screenshot({ path: "test-results/screens/payees-1440.png", fullPage: true });

  // The form lists it, but not yet to pick; typed by hand, the server refuses it.
  await page.goto("/disbursements/new");
  const picker = page.getByTestId("payee-picker");
  await expect(picker.locator("option", { hasText: NAME })).toBeDisabled();
  await typeInto(page.getByLabel("Wallet address"), address);
  await typeInto(page.getByLabel(/^Amount/), "1");
  await page.getByRole("button", { name: "Create disbursement" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay out in production" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "is a new payee" })).toContainText(
    `“${NAME}” is a new payee: usable from`,
  );

  // An administrator shortens the period: usable now, picked from the book, paid.
  await coolingOff(page, "None");
  await expect(row.getByTestId("payee-state")).toHaveText("Usable");
  await page.goto("/disbursements/new");
  await choose(page.getByTestId("payee-picker"), { label: `${NAME} · USDC on Solana` });
  await expect(page.getByLabel("Wallet address")).toHaveValue(address);
  await typeInto(page.getByLabel(/^Amount/), "1");
  await page.getByRole("button", { name: "Create disbursement" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay out in production" }).click();
  await expect(page).toHaveURL(/\/disbursements\/[0-9a-f-]{36}/, { timeout: 15_000 });

  await coolingOff(page, "24 hours");
  await page.getByRole("button", { name: `Remove payee ${NAME}` }).click();
  await expect(row).toHaveCount(0);
});

test("a rule can hold adding a payee until someone else approves it", async ({ page, signInAs }) => {
  const rule = `E2E new payees ${Date.now().toString(36)}`;
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), rule);
  await setChecked(page.getByLabel("Production"), false);
  await setChecked(page.getByLabel("Sandbox"));
  for (const a of ["Settlement request", "Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
  await setChecked(page.getByLabel("New payee"));
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
  const ruleHref = (await page.getByRole("link", { name: rule }).getAttribute("href")) ?? "";

  const developer = await signInAs("developer");
  await developer.goto("/payees");
  const name = `E2E held payee ${Date.now().toString(36)}`;
  const add = developer.getByTestId("add-payee");
  await typeInto(add.getByLabel("Name"), name);
  await choose(add.getByLabel("Chain"), "SOLANA");
  const payeeAddress = base58.encode(randomBytes(32));
  await typeInto(add.getByLabel("Wallet address"), payeeAddress);
  await add.getByRole("button", { name: "Add payee" }).click();
  const held = developer.getByTestId("held-for-approval");
  await expect(held).toContainText(`“${rule}” needs 1 approval`);
  await held.getByRole("link", { name: "Follow it on the Approvals page" }).click();
  await developer.waitForURL(/\/approvals\/sub_/);
  const id = developer.url().replace(/^.*\/approvals\//, "");
  await developer.goto("/payees");
  await expect(developer.locator(`[data-testid="payee-row"][data-name="${name}"]`)).toHaveCount(0);

  await page.goto(`/approvals/${id}`);
  await page.getByRole("button", { name: "Approve and send" }).click();
  await expect(page.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
  await developer.goto("/payees");
  await expect(
    developer.locator(`[data-testid="payee-row"][data-name="${name}"]`).getByTestId("payee-state"),
  ).toHaveText("Usable");

  // The builder offers it for a stablecoin payout: picking it fills the destination.
  await openBuilder(developer, "STABLECOIN_TO_STABLECOIN");
  await typeInto(developer.getByLabel(/^Amount/), "5");
  await choose(developer.getByTestId("payee-picker"), { label: `${name} · USDC on Solana` });
  await expect(developer.getByLabel("Wallet address")).toHaveValue(payeeAddress);
  await developer.getByRole("button", { name: "Create settlement request" }).click();
  await expect(developer).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  await developer.context().close();

  await page.goto(ruleHref);
  const on = page.getByLabel("On (holds new submissions)");
  await whenHydrated(on); // a box unticked before hydration is ticked again by the form's default
  await setChecked(on, false);
  await expect(on).not.toBeChecked();
  await page.getByRole("button", { name: "Save a new version" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
});

test("a saved bank account (IBAN) fills the builder, and a rule for destinations not in the book holds only the others", async ({
  page,
  signInAs,
}) => {
  const stamp = Date.now().toString(36);
  const payeeName = `E2E supplier bank ${stamp}`;
  await page.goto("/payees");
  const add = page.getByTestId("add-payee");
  await typeInto(add.getByLabel("Name"), payeeName);
  await choose(add.getByLabel("Kind"), "bank");
  await choose(add.getByLabel("Currency"), "GBP");
  await typeInto(add.getByLabel("IBAN"), "GB82 WEST 1234 5698 7654 32");
  await add.getByRole("button", { name: "Add payee" }).click();
  const row = page.locator(`[data-testid="payee-row"][data-name="${payeeName}"]`);
  await expect(row).toContainText("GB82WEST12345698765432");
  await expect(row).toContainText("GBP bank account");

  const rule = `E2E new destinations ${stamp}`;
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), rule);
  await setChecked(page.getByLabel("Production"), false);
  await setChecked(page.getByLabel("Sandbox"));
  for (const a of ["Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
  await setChecked(page.getByLabel("Only destinations not in the payee book"));
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
  const ruleHref = (await page.getByRole("link", { name: rule }).getAttribute("href")) ?? "";

  const developer = await signInAs("developer");
  const build = async (fillDestination: () => Promise<void>) => {
    await openBuilder(developer, "FIAT_TO_FIAT");
    await typeInto(developer.getByLabel(/^Amount/), "120");
    await fillDestination();
    await fillIndividual(developer);
    await developer.getByRole("button", { name: "Create settlement request" }).click();
  };
  // The saved account: picked from the book, it goes straight through.
  await build(async () => {
    await choose(developer.getByTestId("payee-picker"), { label: `${payeeName} · GBP GB82…5432` });
    await expect(developer.getByLabel("IBAN")).toHaveValue("GB82WEST12345698765432");
  });
  await expect(developer).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  // An account typed by hand, not in the book: held.
  await build(async () => {
    await choose(destinationSection(developer).getByLabel("Currency"), "EUR");
    await typeInto(developer.getByLabel("IBAN"), VALID.ibanDE);
  });
  await expect(developer.getByTestId("held-for-approval")).toContainText(`“${rule}” needs 1 approval`);
  await developer.context().close();

  await page.goto(ruleHref);
  const on = page.getByLabel("On (holds new submissions)");
  await whenHydrated(on); // a box unticked before hydration is ticked again by the form's default
  await setChecked(on, false);
  await expect(on).not.toBeChecked();
  await page.getByRole("button", { name: "Save a new version" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
  await page.goto("/payees");
  await page.getByRole("button", { name: `Remove payee ${payeeName}` }).click();
  await expect(row).toHaveCount(0);
});
