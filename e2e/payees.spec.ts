/**
 * The payee address book (issues 31, 43): a new production destination is blocked during its
 * cooling-off period whether it is saved (the form lists it but cannot pick it), typed by hand,
 * or removed from the book and typed again; it is usable once an administrator shortens the
 * period, and once paid, saving it again does not restart the wait. A rule can hold adding a
 * payee until someone else approves it; support reads bank accounts masked.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { base58 } from "@scure/base";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { whenHydrated } from "./support/hydration";
import { parseCsv } from "../lib/csv/parse";
import { destinationSection, fillIndividual, fresh, openBuilder, VALID } from "./support/settlement";
import { choose, setChecked, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

// Two people and several pages per journey: 60 s, not 30, on a slow machine.
test.describe.configure({ mode: "serial", timeout: 150_000 });

// A Solana address of its own: no other journey pays it, so its cooling-off holds nobody else up.
const address = base58.encode(randomBytes(32));
const NAME = `E2E treasury ${Date.now().toString(36)}`;

async function coolingOff(page: Page, label: string) {
  await page.goto("/payees");
  const select = page.getByLabel(/^Cooling-off in /);
  await choose(select, { label });
  await expect(page.getByText("Cooling-off period saved")).toBeVisible();
}

test("a new production destination cools off however it is entered: saved, removed then typed, or typed; once paid, saving it again does not restart the wait", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
  await coolingOff(page, "24 hours");
  try {
    const add = page.getByTestId("add-payee");
    await typeInto(add.getByLabel("Name"), NAME);
    await choose(add.getByLabel("Currency"), "USDC");
    await choose(add.getByLabel("Chain"), "SOLANA");
    await typeInto(add.getByLabel("Wallet address"), address);
    await add.getByRole("button", { name: "Add payee" }).click();
    const row = page.locator(`[data-testid="payee-row"][data-name="${NAME}"]`);
    await expect(row.getByTestId("payee-state")).toHaveText(/Usable in 2[34] h/);
    await lookAt(page, "test-results/screens/payees-1440.png", { fullPage: true });

    // The form lists it, but not yet to pick; typed by hand, the server refuses it.
    const payOne = async () => {
      await typeInto(page.getByLabel("Wallet address"), address);
      await typeInto(page.getByLabel(/^Amount/), "1");
      await page.getByRole("button", { name: "Create disbursement" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Pay out in production" }).click();
    };
    await page.goto("/disbursements/new");
    const picker = page.getByTestId("payee-picker");
    await expect(picker.locator("option", { hasText: NAME })).toBeDisabled();
    await payOne();
    await expect(page.getByRole("alert").filter({ hasText: "is a new payee" })).toContainText(
      `“${NAME}” is a new payee: usable from`,
    );

    // Removing the payee asks first, and does not erase the destination's history: typed again, still cooling.
    await page.goto("/payees");
    await page.getByRole("button", { name: `Remove payee ${NAME}` }).click();
    const confirm = page.getByRole("dialog", { name: `Remove “${NAME}” from the payee book?` });
    await expect(confirm).toContainText("history with the destination is kept");
    await confirm.getByRole("button", { name: "Remove payee" }).click();
    await expect(row).toHaveCount(0);
    await page.goto("/disbursements/new");
    await payOne();
    await expect(page.getByRole("alert").filter({ hasText: "never paid" })).toContainText(
      "This destination was never paid from this account: usable from",
    );

    // An address never saved at all waits too.
    const never = base58.encode(randomBytes(32));
    await page.goto("/disbursements/new");
    await typeInto(page.getByLabel("Wallet address"), never);
    await typeInto(page.getByLabel(/^Amount/), "1");
    await page.getByRole("button", { name: "Create disbursement" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Pay out in production" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "never paid" })).toBeVisible();
    // The refusal says what to do next (issue 59).
    await expect(page.getByTestId("way-forward")).toContainText("shorten the cooling-off period on the Payees page");

    // An administrator shortens the period: the typed address is paid.
    await coolingOff(page, "None");
    await page.goto("/disbursements/new");
    await payOne();
    await expect(page).toHaveURL(/\/disbursements\/[0-9a-f-]{36}/, { timeout: 15_000 });

    // Saved again after it was paid, with the period back at 24 h: usable at once.
    await coolingOff(page, "24 hours");
    await typeInto(add.getByLabel("Name"), NAME);
    await choose(add.getByLabel("Currency"), "USDC");
    await choose(add.getByLabel("Chain"), "SOLANA");
    await typeInto(add.getByLabel("Wallet address"), address);
    await add.getByRole("button", { name: "Add payee" }).click();
    await expect(row.getByTestId("payee-state")).toHaveText("Usable");
    await page.getByRole("button", { name: `Remove payee ${NAME}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove payee" }).click();
    await expect(row).toHaveCount(0);
  } finally {
    // Journeys pay many new production wallets: the period goes back to none for them.
    await coolingOff(page, "None");
  }
});

test("a rule can hold adding a payee until someone else approves it", async ({ page, signInAs, ensurePeople }) => {
  await ensurePeople("finance", "developer");
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

test("a saved bank account (IBAN) with its holder fills the builder, and a rule for destinations not in the book holds only the others", async ({
  page,
  signInAs,
  ensurePeople,
}) => {
  await ensurePeople("finance", "developer");
  const stamp = Date.now().toString(36);
  const payeeName = `E2E supplier bank ${stamp}`;
  await page.goto("/payees");
  const add = page.getByTestId("add-payee");
  await typeInto(add.getByLabel("Name"), payeeName);
  await choose(add.getByLabel("Kind"), "bank");
  await choose(add.getByLabel("Currency"), "GBP");
  await typeInto(add.getByLabel("IBAN"), "GB82 WEST 1234 5698 7654 32");
  await fillIndividual(page, "Grace", "Hopper");
  await add.getByRole("button", { name: "Add payee" }).click();
  const row = page.locator(`[data-testid="payee-row"][data-name="${payeeName}"]`);
  await expect(row.getByTestId("payee-holder")).toHaveText("Held by Grace Hopper");
  // Masked for every role (issue 43); an approver reveals it on purpose, and the reveal is audited.
  await expect(row.getByTestId("masked-account")).toHaveText("IBAN ••••5432");
  await expect(row).not.toContainText("GB82WEST12345698765432");
  await expect(row).toContainText("GBP bank account");
  await row.getByRole("button", { name: `Reveal the account of ${payeeName}` }).click();
  await expect(row.getByTestId("revealed-account")).toContainText("GB82WEST12345698765432");
  const support = await signInAs("support");
  await support.goto("/payees");
  const seen = support.locator(`[data-testid="payee-row"][data-name="${payeeName}"]`);
  await expect(seen.getByTestId("masked-account")).toHaveText("IBAN ••••5432");
  await expect(seen.getByRole("button", { name: /Reveal/ })).toHaveCount(0);
  expect(await support.content()).not.toContain("GB82WEST12345698765432");
  await lookAt(support, "test-results/screens/payees-support-masked-390.png", { fullPage: true });
  await support.context().close();
  await page.goto("/admin/audit?action=revealAccountNumber");
  const revealed = page.getByTestId("audit-row").filter({ hasText: "Reveal a masked bank account number" }).first();
  await expect(revealed).toBeVisible();
  // The target by name, its id on hover (issue 59).
  await expect(revealed.getByTestId("audit-target")).toHaveText(`payee “${payeeName}”`);
  await expect(revealed.locator("td").filter({ has: page.getByTestId("audit-target") })).toHaveAttribute(
    "title",
    /^payee_/,
  );
  await page.goto("/payees");

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
    await choose(developer.getByTestId("payee-picker"), { label: `${payeeName} · GBP account ••••5432` });
    await expect(developer.getByLabel("IBAN")).toHaveValue("GB82WEST12345698765432");
    // The holder comes with the account.
    await expect(developer.getByLabel("Last name")).toHaveValue("Hopper");
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
  await page.getByRole("dialog").getByRole("button", { name: "Remove payee" }).click();
  await expect(row).toHaveCount(0);
});

test("bank payees for every rail: a US account checked as it is typed, a CSV book exported and imported with its problems named by line and column", async ({
  page,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const name = `E2E ACH supplier ${stamp}`;
  const account = fresh.accountNumber();
  await page.goto("/payees");
  const add = page.getByTestId("add-payee");
  await typeInto(add.getByLabel("Name"), name);
  await choose(add.getByLabel("Kind"), "bank");
  await choose(add.getByLabel("Currency"), "USD");
  await choose(add.getByLabel("Rail"), "ACH");
  await expect(add.getByTestId("payee-bank-shape")).toHaveText("US bank account: routing number checksum verified");
  await typeInto(add.getByLabel("Bank name"), "Chase");
  await typeInto(add.getByLabel("Routing number"), "011000016");
  await typeInto(add.getByLabel("Account number"), account);
  await setChecked(add.getByLabel("Business", { exact: true }));
  await typeInto(add.getByLabel("Business name"), `Supplier ${stamp}`);
  await add.getByRole("button", { name: "Add payee" }).click();
  // The routing number's checksum, on its field, before anything is sent.
  await expect(add.getByLabel("Routing number")).toHaveAttribute("aria-invalid", "true");
  await expect(add).toContainText("Routing number fails the ABA checksum");
  await typeInto(add.getByLabel("Routing number"), VALID.routing);
  await add.getByRole("button", { name: "Add payee" }).click();
  const row = page.locator(`[data-testid="payee-row"][data-name="${name}"]`);
  await expect(row.getByTestId("masked-account")).toHaveText(
    `Routing number ${VALID.routing} · Account number ••••${account.slice(-4)}`,
  );
  await expect(row).toContainText("USD bank account · ACH");
  await expect(row.getByTestId("payee-holder")).toHaveText(`Held by Supplier ${stamp}`);
  await lookAt(page, "test-results/screens/payees-banks-1440.png", { fullPage: true });

  // The book as CSV: the account whole (an administrator may reveal it), in the import's own layout.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("payee-export").click()]);
  const exported = readFileSync((await download.path()) ?? "", "utf8");
  const parsed = parseCsv(exported);
  if (!parsed.ok) throw new Error("the export does not read as CSV");
  const mine = parsed.records.find((r) => r.cells[parsed.header.indexOf("name")] === name);
  expect(mine?.cells[parsed.header.indexOf("account_number")]).toBe(account);
  expect(mine?.cells[parsed.header.indexOf("holder_business_name")]).toBe(`Supplier ${stamp}`);

  // A file with one bad row imports nothing and names the line and column.
  const clabe = fresh.clabe();
  const header = "name,kind,currency,rail,clabe,holder_type,holder_first_name,holder_last_name,holder_country";
  const good = `E2E SPEI ${stamp},bank,MXN,LOCAL,${clabe},INDIVIDUAL,Ana,Ruiz,MX`;
  const bad = `E2E SPEI bad ${stamp},bank,MXN,LOCAL,${clabe.slice(0, 17)}${(Number(clabe.at(-1)) + 1) % 10},INDIVIDUAL,Eva,Paz,MX`;
  const file = (lines: string[]) => ({
    name: "payees.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\n")),
  });
  const importer = page.getByTestId("payee-import");
  await importer.getByTestId("payee-file").setInputFiles(file([header, good, bad]));
  await importer.getByRole("button", { name: "Import payees" }).click();
  await expect(page.getByTestId("payee-file-problems")).toContainText("Line 3, clabe: CLABE");
  await expect(page.locator(`[data-testid="payee-row"][data-name="E2E SPEI ${stamp}"]`)).toHaveCount(0);
  // Fixed: imported, and the account already in the book is skipped on a second import.
  await importer.getByTestId("payee-file").setInputFiles(file([header, good]));
  await importer.getByRole("button", { name: "Import payees" }).click();
  await expect(page.getByTestId("payee-import-result")).toContainText("1 payee added");
  const spei = page.locator(`[data-testid="payee-row"][data-name="E2E SPEI ${stamp}"]`);
  await expect(spei.getByTestId("masked-account")).toHaveText(`CLABE ••••${clabe.slice(-4)}`);
  await importer.getByTestId("payee-file").setInputFiles(file([header, good]));
  await importer.getByRole("button", { name: "Import payees" }).click();
  await expect(page.getByTestId("payee-import-result")).toContainText("0 payees added, 1 already in the book");

  // The builder fills every field of the US account, the holder included.
  await openBuilder(page, "FIAT_TO_FIAT");
  await choose(page.getByTestId("payee-picker"), { label: `${name} · USD account ••••${account.slice(-4)}` });
  await expect(page.getByLabel("Routing number")).toHaveValue(VALID.routing);
  await expect(page.getByLabel("Account number")).toHaveValue(account);
  await expect(page.getByLabel("Business name")).toHaveValue(`Supplier ${stamp}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/payees");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await lookAt(page, "test-results/screens/payees-banks-390.png", { fullPage: true });
  testInfo.annotations.push({ type: "payees", description: `${name}, E2E SPEI ${stamp}` });
  for (const payee of [name, `E2E SPEI ${stamp}`]) {
    await page.getByRole("button", { name: `Remove payee ${payee}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove payee" }).click();
    await expect(page.locator(`[data-testid="payee-row"][data-name="${payee}"]`)).toHaveCount(0);
  }
});
