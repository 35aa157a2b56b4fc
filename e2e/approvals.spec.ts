/**
 * Money controls (issue 31) with two people: an administrator writes a rule (after its
 * backtest), a finance person's production request over the threshold is held (the service's
 * request log has no call for it), self-approval is refused, the administrator approves and
 * the stored call is sent once; another is denied with a reason. The rule is switched off at
 * the end, so no other journey is held by it.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { apiKeys, destinationSection, fresh, openBuilder } from "./support/settlement";
import { whenHydrated } from "./support/hydration";
import { expect, test } from "./fixtures/auth";
import { postServerAction, serverAction } from "./fixtures/server-actions";
import { choose, setChecked, typeInto } from "./support/forms";
import { approveInProduction, nextCode } from "./support/second-factor";
import { requestLogBarrier, requestLogCount } from "./support/request-log";
import { lookAt } from "./support/screens";

/** A wallet never paid before: journeys that must not look like duplicates of each other use one each. */
const freshEvmWallet = () => fresh.evm();

// Two people and several pages per journey: 60 s, not 30, on a slow machine.
test.describe.configure({ mode: "serial", timeout: 150_000 });

const RULE = `E2E production USDC ≥ 7777 ${Date.now().toString(36)}`;
let ruleUrl = "";

/**
 * Creates the rule, or saves its next version. A production rule's change is held for a second
 * administrator (issue 43): `approver` approves it, with a code from their app.
 */
async function setRule(page: Page, enabled: boolean, approver?: { page: Page; secret: string }) {
  await page.goto(ruleUrl || "/approvals/rules/new");
  if (!ruleUrl) {
    await typeInto(page.getByLabel("Name"), RULE);
    for (const a of ["Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
    await typeInto(page.getByLabel("Amount at or above"), "7777");
    await setChecked(page.getByLabel("USDC", { exact: true }));
    // What it would have held: nothing of that size yet.
    await page.getByRole("button", { name: "Last 90 days" }).click();
    await expect(page.getByTestId("backtest-report")).toContainText(/would have held \d+ of \d+ submissions/);
    await lookAt(page, "test-results/screens/approval-rule-editor-1440.png", { fullPage: true });
  }
  const on = page.getByLabel("On (holds new submissions)");
  await whenHydrated(on); // a box unticked before hydration is ticked again by the form's default
  if (enabled) await setChecked(on);
  else await setChecked(on, false);
  await expect(on).toBeChecked({ checked: enabled });
  await page.getByRole("button", { name: ruleUrl ? "Save a new version" : "Create rule" }).click();
  if (ruleUrl && approver) {
    const held = page.getByTestId("held-for-approval");
    await expect(held).toContainText("another administrator must approve this change");
    const proposal = (await held.getByRole("link").getAttribute("href")) ?? "";
    await approver.page.goto(proposal);
    await approveInProduction(approver.page, approver.secret);
    await expect(approver.page.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
    await page.goto("/approvals/rules");
  }
  await page.waitForURL(/\/approvals\/rules$/);
  const link = page.getByRole("link", { name: RULE });
  ruleUrl = (await link.getAttribute("href")) ?? "";
}

/** Finance builds a production USDC → USDC request of `amount` and confirms it. */
async function submitProduction(page: Page, amount: string, baseURL: string, wallet = freshEvmWallet()) {
  await page.context().addCookies([{ name: "console_env", value: "production", url: baseURL }]);
  await openBuilder(page, "STABLECOIN_TO_STABLECOIN");
  await typeInto(page.getByLabel(/^Amount/), amount);
  await choose(destinationSection(page).getByLabel("Currency"), "USDC");
  await choose(destinationSection(page).getByLabel("Chain"), "ETHEREUM");
  await typeInto(page.getByLabel("Wallet address"), wallet);
  await page.getByRole("button", { name: "Create settlement request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create in production?" });
  await expect(dialog.getByTestId("confirm-summary")).toHaveAttribute("aria-busy", "false");
  await dialog.getByRole("button", { name: "Create in production" }).click();
  const held = page.getByTestId("held-for-approval");
  await expect(held).toContainText("Waiting for approval");
  await expect(held).toContainText(/“E2E production USDC ≥ 7777 \w+” needs 1 approval from Admin or Finance/);
  await held.getByRole("link", { name: "Follow it on the Approvals page" }).click();
  await page.waitForURL(/\/approvals\/sub_/);
  return page.url().replace(/^.*\/approvals\//, "");
}

test("a production request over the threshold is held, not sent; self-approval is refused; the approver steps up, reads the priced summary, approves, and it is sent once", async ({
  page,
  signInAs,
  signInAsApprover,
  baseURL,
}) => {
  // It waits out the step-up window (21 s) on purpose, after two people sign in: twice the others' time.
  test.setTimeout(180_000); // three people, a 21 s wait past the step-up window, two axe passes
  const finance = await signInAs("finance");
  await setRule(page, true);
  const id = await submitProduction(finance, "8000", baseURL ?? "");
  await expect(finance.getByTestId("submission-status")).toHaveAttribute("data-status", "pending");
  await expect(finance.getByTestId("not-yours")).toHaveText("You submitted this: someone else must approve it.");
  await expect(finance.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  const key = ((await finance.getByText(/^Idempotency-Key: /).textContent()) ?? "")
    .replace("Idempotency-Key: ", "")
    .trim();
  expect(key.length).toBeGreaterThan(8);
  await requestLogBarrier(finance.request, apiKeys()[1]);
  expect(await requestLogCount(finance.request, apiKeys()[1], key)).toBe(0);
  await lookAt(finance, "test-results/screens/approval-held-1440.png", { fullPage: true });
  const axe = await new AxeBuilder({ page: finance }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await finance.setViewportSize({ width: 390, height: 844 });
  await lookAt(finance, "test-results/screens/approval-held-390.png", { fullPage: true });
  expect(await finance.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await finance.setViewportSize({ width: 1440, height: 900 });

  // A scripted call of the action, as the submitter: refused just the same.
  const forged = await postServerAction(finance.request, serverAction("approveSubmission"), [{ id }], {
    Origin: baseURL ?? "",
  });
  expect(await forged.text()).toContain("self_approval");
  await requestLogBarrier(finance.request, apiKeys()[1]);
  expect(await requestLogCount(finance.request, apiKeys()[1], key)).toBe(0);

  // The admin sees it waiting (with the badge), approves, and the stored call goes out once.
  await page.goto("/approvals");
  await expect(page.getByTestId("approvals-badge")).toBeVisible();
  const row = page.locator(`[data-testid="submission-row"][data-id="${id}"]`);
  await expect(row).toContainText("Yours to decide");
  await lookAt(page, "test-results/screens/approvals-1440.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, "test-results/screens/approvals-390.png", { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  // No one-click approve from the list: "Review" opens the decision page.
  await expect(row.getByRole("button", { name: /Approve/ })).toHaveCount(0);
  await row.getByRole("link", { name: /^Review/ }).click();
  await expect(page.getByTestId("submission-environment")).toHaveText(/Production submission/);
  // An admin without an authenticator app is told to set one up, and a scripted call is refused.
  await page.getByRole("button", { name: "Approve and send" }).click();
  await expect(page.getByRole("dialog", { name: "Approve in production?" })).toContainText(
    "Approving in production needs two-step verification",
  );
  await page.keyboard.press("Escape");
  const noFactor = await postServerAction(page.request, serverAction("approveSubmission"), [{ id, confirmed: true }], {
    Origin: baseURL ?? "",
  });
  expect(await noFactor.text()).toContain("second_factor_required");

  // The approver's proof is older than the step-up window (20 s here): a scripted approval is refused...
  const { page: approver, secret } = await signInAsApprover();
  await approver.waitForTimeout(21_000);
  const stale = await postServerAction(approver.request, serverAction("approveSubmission"), [{ id, confirmed: true }], {
    Origin: baseURL ?? "",
  });
  expect(await stale.text()).toContain("step_up_required");
  await requestLogBarrier(approver.request, apiKeys()[1]);
  expect(await requestLogCount(approver.request, apiKeys()[1], key)).toBe(0);
  // ...and the page asks for a fresh code, beside the priced summary with the whole wallet address.
  await approver.goto(`/approvals/${id}`);
  await approver.getByRole("button", { name: "Approve and send" }).click();
  const dialog = approver.getByRole("dialog", { name: "Approve in production?" });
  const summary = dialog.getByTestId("decision-summary");
  await expect(summary).toContainText("Payer sends");
  await expect(summary).toContainText("Recipient gets");
  await expect(summary).toContainText("Fee");
  await expect(summary).toContainText(/Destination wallet\s*0x[0-9a-f]{40}/);
  await expect(dialog.getByLabel("Code from your authenticator app")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Approve and send in production" })).toHaveCount(0);
  await lookAt(approver, "test-results/screens/approval-step-up-1440.png");
  const axe2 = await new AxeBuilder({ page: approver }).analyze();
  expect(axe2.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await approver.keyboard.press("Escape");
  await approver.setViewportSize({ width: 390, height: 844 });
  await approveInProduction(approver, secret);
  await approver.setViewportSize({ width: 1440, height: 900 });
  await expect(approver.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
  await expect(approver.getByTestId("result-link")).toBeVisible();
  // The request log is written in batches (every 500 ms).
  await expect.poll(() => requestLogCount(approver.request, apiKeys()[1], key), { timeout: 10_000 }).toBe(1);
  // Clicked again (or a second instance): nothing more is sent.
  const again = await postServerAction(approver.request, serverAction("approveSubmission"), [{ id, confirmed: true }], {
    Origin: baseURL ?? "",
  });
  expect(await again.text()).toContain("already_decided");
  await requestLogBarrier(approver.request, apiKeys()[1]);
  expect(await requestLogCount(approver.request, apiKeys()[1], key)).toBe(1);
  await approver.getByTestId("result-link").click();
  await expect(approver).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/);
  await finance.context().close();
});

test("a denial needs a reason, sends nothing, and the submitter reads why", async ({ page, signInAs, baseURL }) => {
  const finance = await signInAs("finance");
  const id = await submitProduction(finance, "9000", baseURL ?? "");
  const key = ((await finance.getByText(/^Idempotency-Key: /).textContent()) ?? "")
    .replace("Idempotency-Key: ", "")
    .trim();

  await page.goto(`/approvals/${id}`);
  await page.getByRole("button", { name: "Deny" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Deny" }).click();
  await expect(dialog.getByText("Say why, in a few words")).toBeVisible();
  await typeInto(dialog.getByLabel("Reason"), "Supplier not verified yet");
  await dialog.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByTestId("submission-status")).toHaveAttribute("data-status", "denied");

  await finance.reload();
  await expect(finance.getByTestId("deny-reason")).toContainText("Supplier not verified yet");
  await requestLogBarrier(finance.request, apiKeys()[1]);
  expect(await requestLogCount(finance.request, apiKeys()[1], key)).toBe(0);
  await finance.context().close();
});

test("below the threshold nothing is held; switching the production rule off waits for a second admin, then nothing is held", async ({
  page,
  signInAs,
  signInAsApprover,
  baseURL,
}) => {
  const finance = await signInAs("finance");
  await finance.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
  await openBuilder(finance, "STABLECOIN_TO_STABLECOIN");
  await typeInto(finance.getByLabel(/^Amount/), "50");
  await choose(destinationSection(finance).getByLabel("Currency"), "USDC");
  await choose(destinationSection(finance).getByLabel("Chain"), "ETHEREUM");
  await typeInto(finance.getByLabel("Wallet address"), freshEvmWallet());
  await finance.getByRole("button", { name: "Create settlement request" }).click();
  await finance
    .getByRole("dialog", { name: "Create in production?" })
    .getByRole("button", { name: "Create in production" })
    .click();
  await expect(finance).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  await finance.context().close();
  // Off: one admin alone cannot; the approver approves the change, then the rule stays, versioned, and holds nothing new.
  await setRule(page, false, await signInAsApprover());
  await expect(page.locator(`[data-testid="rule-row"][data-name="${RULE}"]`)).toContainText("Off");
  await expect(page.locator(`[data-testid="rule-row"][data-name="${RULE}"]`)).toContainText("2");
});

test("a daily limit: under it the request goes out; past it the form says what is left and offers approval, which sends it", async ({
  page,
  signInAsNew,
  signInAsApprover,
  baseURL,
}) => {
  // A new person: the limit counts what they sent today, and they sent nothing yet.
  const { page: finance, email } = await signInAsNew("finance");
  await page.goto("/approvals/rules");
  const limits = page.getByTestId("daily-limits");
  await choose(limits.getByLabel("For"), "person");
  await typeInto(limits.getByLabel("Person's email"), email);
  await typeInto(limits.getByLabel(/^Per day/), "1000");
  await limits.getByRole("button", { name: "Set limit" }).click();
  const row = limits.getByTestId("limit-row").filter({ hasText: email });
  await expect(row).toContainText("$1,000.00");

  // Each to its own wallet: the same amount to the same wallet again would be held as a possible duplicate.
  const build = async (amount: string, wallet: string) => {
    await finance.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
    await openBuilder(finance, "STABLECOIN_TO_STABLECOIN");
    await typeInto(finance.getByLabel(/^Amount/), amount);
    await choose(destinationSection(finance).getByLabel("Currency"), "USDC");
    await choose(destinationSection(finance).getByLabel("Chain"), "ETHEREUM");
    await typeInto(finance.getByLabel("Wallet address"), wallet);
    await finance.getByRole("button", { name: "Create settlement request" }).click();
    const confirm = finance.getByRole("dialog", { name: "Create in production?" });
    // "Left today" is beside the amount before anything is sent (issue 43).
    await expect(confirm.getByTestId("confirm-summary")).toContainText("Left today");
    await confirm.getByRole("button", { name: "Create in production" }).click();
  };
  await build("600", freshEvmWallet());
  await expect(finance).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  await build("600", freshEvmWallet());
  const offer = finance.getByTestId("daily-limit");
  await expect(offer).toContainText("Daily limit reached");
  // Counted in USD from what was sent: 600 USDC is worth a little under $600, so about $400 is left.
  await expect(offer).toContainText(/\$4\d\d\.\d\d is left today of \$1,000\.00/);
  await lookAt(finance, "test-results/screens/approval-daily-limit-1440.png", { fullPage: true });
  await offer.getByRole("button", { name: "Submit for approval instead" }).click();
  const held = finance.getByTestId("held-for-approval");
  await expect(held).toContainText("past your daily limit it needs 1 approval from Admin or Finance");
  await held.getByRole("link", { name: "Follow it on the Approvals page" }).click();
  await finance.waitForURL(/\/approvals\/sub_/);
  const id = finance.url().replace(/^.*\/approvals\//, "");
  await finance.context().close();

  const { page: approver, secret } = await signInAsApprover();
  await approver.goto(`/approvals/${id}`);
  await approveInProduction(approver, secret);
  await expect(approver.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");

  // The limit goes again.
  await page.goto("/approvals/rules");
  await page
    .getByTestId("daily-limits")
    .getByRole("button", { name: new RegExp(`Remove the limit ${email.replace(/[.+]/g, "\\$&")}`) })
    .click();
  await expect(page.getByTestId("daily-limits").getByTestId("limit-row").filter({ hasText: email })).toHaveCount(0);
});

test("a threshold in USD prices each submission through the service's quote: €250 is held by a rule of 280 USD", async ({
  page,
  signInAs,
  ensurePeople,
}) => {
  await ensurePeople("finance", "developer");
  const name = `E2E sandbox ≥ 280 USD ${Date.now().toString(36)}`;
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), name);
  await setChecked(page.getByLabel("Production"), false);
  await setChecked(page.getByLabel("Sandbox"));
  for (const a of ["Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
  await typeInto(page.getByLabel("Amount at or above"), "280");
  await choose(page.getByLabel("Measured in"), "USD");
  await setChecked(page.getByLabel("Developer"));
  await page.getByRole("button", { name: "Last 30 days" }).click();
  await expect(page.getByTestId("backtest-report")).toContainText(/would have held \d+ of \d+ submissions/);
  await expect(page.getByTestId("backtest-report")).not.toContainText("Not read");
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, "test-results/screens/approval-rule-editor-390.png", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
  await expect(page.locator(`[data-testid="rule-row"][data-name="${name}"]`)).toContainText("worth $280.00 or more");
  const ruleHref = (await page.getByRole("link", { name }).getAttribute("href")) ?? "";

  // The quick flow's off-ramp pays €250.00 (about 290 USD at the sandbox's rate): held.
  const developer = await signInAs("developer");
  await developer.goto("/sandbox");
  await developer.getByTestId("quick-flow").getByRole("button", { name: "Create" }).first().click();
  await expect(developer.getByTestId("held-for-approval")).toContainText(`“${name}” needs 1 approval`);
  await developer.context().close();

  await page.goto(ruleHref);
  await setChecked(page.getByLabel("On (holds new submissions)"), false);
  await page.getByRole("button", { name: "Save a new version" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
});

test("a held webhook endpoint is made on approval, and its signing secret is shown to its author once", async ({
  page,
  signInAs,
  ensurePeople,
}) => {
  await ensurePeople("finance", "developer");
  const name = `E2E endpoint changes ${Date.now().toString(36)}`;
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), name);
  await setChecked(page.getByLabel("Production"), false);
  await setChecked(page.getByLabel("Sandbox"));
  for (const a of ["Settlement request", "Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
  await setChecked(page.getByLabel("Webhook endpoint change"));
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
  const ruleHref = (await page.getByRole("link", { name }).getAttribute("href")) ?? "";

  const developer = await signInAs("developer");
  const url = `http://127.0.0.1:9/held-${Date.now().toString(36)}`;
  await developer.goto("/webhooks");
  await developer.getByRole("button", { name: "New endpoint" }).click();
  const dialog = developer.getByRole("dialog");
  await typeInto(dialog.getByLabel("URL"), url);
  await dialog.getByRole("button", { name: "Create endpoint" }).click();
  const held = dialog.getByTestId("held-for-approval");
  await expect(held).toContainText(`“${name}” needs 1 approval`);
  await expect(dialog.getByTestId("one-time-secret")).toHaveCount(0);
  const href = (await held.getByRole("link", { name: "Follow it on the Approvals page" }).getAttribute("href")) ?? "";

  await page.goto(href);
  await page.getByRole("button", { name: "Approve and send" }).click();
  await expect(page.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
  // Only its author may see the secret.
  await expect(page.getByTestId("reveal-secret")).toHaveCount(0);

  await developer.goto(href);
  await developer.getByTestId("reveal-secret").getByRole("button", { name: "Show it once" }).click();
  await expect(developer.getByTestId("one-time-secret")).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  await developer.reload();
  await expect(developer.getByTestId("reveal-secret")).toHaveCount(0);
  await developer.goto("/webhooks");
  await expect(developer.getByTestId("endpoint").filter({ hasText: url })).toHaveCount(1);
  await developer.context().close();

  await page.goto(ruleHref);
  await setChecked(page.getByLabel("On (holds new submissions)"), false);
  await page.getByRole("button", { name: "Save a new version" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
});

test("under 'approvers use device-bound keys' a code does not release production money; a device-bound passkey does (issue 61)", async ({
  page,
  signInAs,
  signInAsApprover,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const finance = await signInAs("finance");
  await setRule(page, true);
  const policy = async (on: boolean) => {
    await page.goto("/admin/users");
    const card = page.getByTestId("device-bound-policy");
    await setChecked(card.getByRole("checkbox"), on);
    if (await card.getByRole("button", { name: "Save key policy" }).isEnabled()) {
      await card.getByRole("button", { name: "Save key policy" }).click();
      await expect(
        page
          .getByText(
            on ? "Approvers now confirm with a device-bound passkey" : "Any second factor confirms an approval",
          )
          .first(),
      ).toBeVisible();
    }
  };
  await policy(true);
  try {
    const id = await submitProduction(finance, "8000", baseURL ?? "");
    const { page: approver, secret } = await signInAsApprover();
    const cdp = await approver.context().newCDPSession(approver);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "usb",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // A fresh code is not enough: the dialog says why and asks again.
    await approver.goto(`/approvals/${id}`);
    await approver.getByRole("button", { name: /^Approve( and send)?$/ }).click();
    const dialog = approver.getByRole("dialog", { name: "Approve in production?" });
    await expect(dialog).toContainText("your administrator requires one for production approvals");
    await typeInto(dialog.getByLabel("Code from your authenticator app"), await nextCode(secret));
    await dialog.getByRole("button", { name: "Verify", exact: true }).click();
    await dialog.getByRole("button", { name: /^Approve (and send )?in production$/ }).click();
    await expect(dialog).toContainText("a code or a synced passkey is not enough");
    await expect(approver.getByTestId("submission-status")).toHaveAttribute("data-status", "pending");

    // A security key (bound to its device), added on the Account page.
    await approver.goto("/account");
    const passkeys = approver.getByTestId("passkeys");
    await typeInto(passkeys.getByLabel("Name of the new passkey"), "Security key");
    await passkeys.getByRole("button", { name: "Add a passkey" }).click();
    await expect(passkeys.getByTestId("passkey-kind")).toContainText("Bound to this device");
    // Adding it asked the key to verify the person: that is the device-bound proof the approval needs.
    await approver.goto(`/approvals/${id}`);
    await approver.getByRole("button", { name: /^Approve( and send)?$/ }).click();
    await expect(dialog.getByTestId("step-up-fresh")).toBeVisible();
    await dialog.getByRole("button", { name: /^Approve (and send )?in production$/ }).click();
    await expect(approver.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
  } finally {
    await policy(false);
  }
});
