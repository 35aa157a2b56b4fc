/**
 * Money controls that hold when someone pushes on them (issue 43): a corrected resubmission is
 * flagged as a possible duplicate and can replace the pending one, and the held form is locked;
 * an off-ramp typed in euros on the recipient's side counts in USD against a daily limit; a rule
 * nobody but its submitter could approve is refused; a production batch row to a destination
 * never paid waits out its cooling-off period.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { disbursementFile, disbursementRows } from "./support/batches";
import { choose, setChecked, typeInto } from "./support/forms";
import { whenHydrated } from "./support/hydration";
import { approveInProduction } from "./support/second-factor";
import { fillIndividual, fresh, openBuilder, VALID } from "./support/settlement";
import { lookAt } from "./support/screens";

// Three people, two production approvals with codes, axe and screenshots in one journey: minutes on a busy machine.
test.describe.configure({ mode: "serial", timeout: 180_000 });

const stamp = Date.now().toString(36);

/** A production rule as an administrator writes it; its URL, to switch it off again. */
async function productionRule(page: Page, name: string, action: "Disbursement" | "Settlement request", usd: string) {
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), name);
  for (const a of ["Settlement request", "Disbursement", "/v1 payment"])
    if (a !== action) await setChecked(page.getByLabel(a), false);
  await typeInto(page.getByLabel("Amount at or above"), usd);
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
  return (await page.getByRole("link", { name }).getAttribute("href")) ?? "";
}

/** Switches a production rule off: a second administrator approves the change. */
async function switchOff(page: Page, ruleHref: string, approver: { page: Page; secret: string }) {
  await page.goto(ruleHref);
  const on = page.getByLabel("On (holds new submissions)");
  await whenHydrated(on);
  await setChecked(on, false);
  await page.getByRole("button", { name: "Save a new version" }).click();
  const held = page.getByTestId("held-for-approval");
  await expect(held).toContainText("another administrator must approve this change");
  await approver.page.goto((await held.getByRole("link").getAttribute("href")) ?? "");
  await approveInProduction(approver.page, approver.secret);
  await expect(approver.page.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
}

async function disburse(page: Page, wallet: string, amount: string) {
  await page.goto("/disbursements/new");
  await typeInto(page.getByLabel("Wallet address"), wallet);
  await typeInto(page.getByLabel(/^Amount/), amount);
  await page.getByRole("button", { name: "Create disbursement" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Pay out in production" }).click();
}

test("a corrected resubmission is flagged as a possible duplicate and can replace the pending one; a held form is locked", async ({
  page,
  signInAs,
  signInAsApprover,
  baseURL,
}) => {
  const finance = await signInAs("finance");
  const approver = await signInAsApprover();
  const rule = await productionRule(page, `E2E production payouts ≥ 1000 USD ${stamp}`, "Disbursement", "1000");
  await finance.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
  const wallet = fresh.evm();

  await disburse(finance, wallet, "1100");
  const held = finance.getByTestId("held-for-approval");
  await expect(held).toContainText("Waiting for approval: the form is locked");
  // Locked: the form cannot be edited and sent again beside the held one.
  await expect(finance.locator('form[aria-label="New disbursement"]')).toHaveAttribute("inert", "");
  const firstId = ((await held.getByRole("link").getAttribute("href")) ?? "").replace("/approvals/", "");

  // Withdraw and edit: the form opens again with nothing sent.
  await held.getByRole("button", { name: "Withdraw and edit" }).click();
  await expect(finance.getByTestId("held-for-approval")).toHaveCount(0);
  await expect(finance.locator('form[aria-label="New disbursement"]')).not.toHaveAttribute("inert", "");
  await finance.getByRole("button", { name: "Create disbursement" }).click();
  await finance.getByRole("dialog").getByRole("button", { name: "Pay out in production" }).click();
  await expect(held).toContainText("Waiting for approval");
  const heldId = ((await held.getByRole("link").getAttribute("href")) ?? "").replace("/approvals/", "");
  expect(heldId).not.toBe(firstId);

  // A corrected amount, submitted again from a fresh form: flagged, and offered to replace the pending one.
  await disburse(finance, wallet, "1200");
  await expect(held).toContainText("Possible duplicate");
  const secondId = ((await held.getByRole("link").getAttribute("href")) ?? "").replace("/approvals/", "");
  await lookAt(finance, "test-results/screens/duplicate-flag-form-1440.png", { fullPage: true });

  // The approver sees both flagged, in the queue and on the page.
  await approver.page.goto("/approvals");
  for (const id of [heldId, secondId])
    await expect(
      approver.page.locator(`[data-testid="submission-row"][data-id="${id}"]`).getByTestId("duplicate-badge"),
    ).toBeVisible();
  await approver.page.goto(`/approvals/${secondId}`);
  const flag = approver.page.getByTestId("duplicate-flag");
  await expect(flag).toContainText("Same destination and currency");
  await expect(flag).toContainText(heldId);
  await lookAt(approver.page, "test-results/screens/duplicate-flag-1440.png", { fullPage: true });
  const axe = await new AxeBuilder({ page: approver.page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  // Where the approver decides (issue 59): the dialog names the earlier payment and asks for a tick,
  // and the server refuses an approval that did not tick it.
  await approver.page.getByRole("button", { name: /^Approve/ }).click();
  const decision = approver.page.getByRole("dialog");
  await expect(decision.getByTestId("duplicate-check")).toContainText(heldId);
  await expect(decision.getByLabel("I have checked this is not the earlier payment")).not.toBeChecked();
  await lookAt(approver.page, "test-results/screens/duplicate-check-dialog-1440.png");
  await approver.page.keyboard.press("Escape");
  const { postServerAction, serverAction } = await import("./fixtures/server-actions");
  const unchecked = await postServerAction(
    approver.page.request,
    serverAction("approveSubmission"),
    [{ id: secondId, confirmed: true }],
    { Origin: baseURL ?? "" },
  );
  expect(await unchecked.text()).toContain("duplicate_unchecked");
  await approver.page.setViewportSize({ width: 390, height: 844 });
  await lookAt(approver.page, "test-results/screens/duplicate-flag-390.png", { fullPage: true });
  expect(await approver.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await approver.page.goto("/approvals");
  // On a phone the queue keeps status and the decision in view.
  const row = approver.page.locator(`[data-testid="submission-row"][data-id="${secondId}"]`);
  const review = row.getByRole("link", { name: /^Review/ });
  await review.scrollIntoViewIfNeeded();
  const box = await review.boundingBox();
  expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expect(row.getByTestId("submission-status")).toBeVisible();
  await lookAt(approver.page, "test-results/screens/approvals-queue-390.png", { fullPage: true });
  await approver.page.setViewportSize({ width: 1440, height: 900 });

  // The submitter replaces the earlier one: only the correction waits.
  await finance.getByRole("button", { name: "Replace the earlier one with this" }).click();
  await expect(finance.getByTestId("replaced-note")).toBeVisible();
  await approver.page.goto(`/approvals/${heldId}`);
  await expect(approver.page.getByTestId("submission-status")).toHaveAttribute("data-status", "denied");
  await expect(approver.page.getByTestId("deny-reason")).toContainText(`Replaced by ${secondId}`);
  await approver.page.goto(`/approvals/${secondId}`);
  await expect(approver.page.getByTestId("duplicate-flag")).toHaveCount(0);
  await approveInProduction(approver.page, approver.secret);
  await expect(approver.page.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
  // The disbursement links back to its approval; "My submissions" lists both for the submitter.
  await approver.page.getByTestId("result-link").click();
  await expect(approver.page.getByTestId("approval-trail")).toContainText(secondId);
  await finance.goto("/approvals?mine=1");
  await expect(finance.locator(`[data-testid="decided-row"][data-id="${secondId}"]`)).toContainText("Approved by");
  await expect(finance.locator(`[data-testid="decided-row"][data-id="${heldId}"]`)).toContainText("Denied by");

  await switchOff(page, rule, approver);
});

test("an off-ramp typed in euros on the recipient's side counts in USD against the daily limit", async ({
  page,
  signInAsNew,
  baseURL,
}) => {
  const { page: finance, email } = await signInAsNew("finance");
  await page.goto("/approvals/rules");
  const limits = page.getByTestId("daily-limits");
  await choose(limits.getByLabel("For"), "person");
  await typeInto(limits.getByLabel("Person's email"), email);
  await typeInto(limits.getByLabel(/^Per day/), "1000");
  await limits.getByRole("button", { name: "Set limit" }).click();
  await expect(limits.getByTestId("limit-row").filter({ hasText: email })).toContainText("$1,000.00");
  try {
    await finance.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
    await openBuilder(finance, "STABLECOIN_TO_FIAT");
    await typeInto(finance.getByLabel(/Amount the recipient gets/), "1000");
    await typeInto(finance.getByLabel("Sending wallet address"), VALID.solana);
    await typeInto(finance.getByLabel("IBAN"), fresh.ibanDE());
    await fillIndividual(finance);
    await finance.getByRole("button", { name: "Create settlement request" }).click();
    const confirm = finance.getByRole("dialog", { name: "Create in production?" });
    await expect(confirm.getByTestId("confirm-summary")).toContainText("Left today");
    await confirm.getByRole("button", { name: "Create in production" }).click();
    const offer = finance.getByTestId("daily-limit");
    // €1,000 to the recipient is more than $1,000 leaving the balance: over the limit, said in USD.
    await expect(offer).toContainText("Daily limit reached");
    await expect(offer).toContainText(/it is worth \$1,[0-9]{3}\.[0-9]{2}/);
    // Nothing sent today yet: all of it is left, and still €1,000 does not fit.
    await expect(offer).toContainText("$1,000.00 is left today of $1,000.00");
  } finally {
    await page.goto("/approvals/rules");
    await page
      .getByTestId("daily-limits")
      .getByRole("button", { name: new RegExp(`Remove the limit ${email.replace(/[.+]/g, "\\$&")}`) })
      .click();
    await expect(page.getByTestId("daily-limits").getByTestId("limit-row").filter({ hasText: email })).toHaveCount(0);
  }
});

test("a rule nobody but its submitter could approve is refused, saying why", async ({ page, ensurePeople }) => {
  await ensurePeople("finance");
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), `E2E impossible ${stamp}`);
  for (const a of ["Settlement request", "Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
  await setChecked(page.getByLabel("API key creation"));
  await setChecked(page.getByLabel("Finance"), false);
  await choose(page.getByLabel("Approvals needed"), "2");
  await page.getByRole("button", { name: "Create rule" }).click();
  await expect(page.getByText(/Nobody could approve some of what this holds: Admin/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/approvals\/rules\/new/);
});

test("a production batch row to a destination never paid waits out its cooling-off period", async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
  const cooling = async (label: string) => {
    await page.goto("/payees");
    await choose(page.getByLabel(/^Cooling-off in /), { label });
    await expect(page.getByText("Cooling-off period saved")).toBeVisible();
  };
  await cooling("24 hours");
  try {
    await page.goto("/batches");
    await setChecked(page.getByLabel("Disbursements from the pre-funded balance"));
    const rows = disbursementRows(2).map((r) => ({ ...r, amount: "0.25" }));
    await page
      .getByTestId("batch-file")
      .setInputFiles({ name: "new-wallets.csv", mimeType: "text/csv", buffer: Buffer.from(disbursementFile(rows)) });
    await page.getByRole("button", { name: "Upload and check" }).click();
    await page.waitForURL(/\/batches\/bat_/);
    await page.getByTestId("submit-batch").click();
    await page.getByRole("dialog").getByTestId("confirm-submit-batch").click();
    await expect(page.getByText(/Rows 1, 2 pay a destination this account never paid: usable from/)).toBeVisible();
    await expect(page.getByTestId("batch-workspace")).toHaveAttribute("data-status", "review");
  } finally {
    await cooling("None");
  }
});
