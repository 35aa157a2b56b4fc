/**
 * Money returned to payers (issue 64, part 3): a payer sends 12.50 USDC against a request for
 * 10.00; the payin waits on the Returns page; finance returns the 2.50 excess to the address it
 * came from (a disbursement, under the payout controls); the return completes on the sandbox's
 * simulated rail, the request becomes REQUEST_REFUNDED, and Reconciliation matches the return
 * under the payin's reference. Support reads the queue without the controls.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { fresh, readEnvLocal, sandboxKey, unique, VALID } from "./support/settlement";
import { setChecked, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.use({ role: "finance" });

/** A STABLECOIN_TO_STABLECOIN request for `amount` USDC (10 unless said) from `payer`, whose payin arrived as `received`. */
async function overpaid(
  request: APIRequestContext,
  reference: string,
  payer: string,
  received: string,
  amount = "10.00",
) {
  const headers = { "X-Api-Key": sandboxKey() };
  const made = await request.post("/v0/settlement-requests", {
    headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
    data: {
      type: "STABLECOIN_TO_STABLECOIN",
      payment_reason: "PURCHASE_OF_GOODS",
      amount,
      source: { currency: "USDC", rail: "ETHEREUM", wallet_address: payer },
      destination: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
      external_id: reference,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const body = (await made.json()) as { id: string; inbound_payment: { id: string } };
  const done = await request.patch(`/v0/sandbox/payments/${body.inbound_payment.id}/status`, {
    headers,
    data: { status: "COMPLETED", amount: received },
  });
  expect(done.status(), await done.text()).toBe(200);
  return body.id;
}

test("an overpayment is returned to the payer end to end: queue, return of the excess, REQUEST_REFUNDED, matched in Reconciliation", async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const reference = unique("overpaid");
  const payer = fresh.evm();
  const id = await overpaid(request, reference, payer, "12.50");

  await page.goto("/returns");
  await expect(page.getByRole("heading", { level: 1, name: "Returns" })).toBeVisible();
  const row = page.locator(`[data-testid="payin-case"][data-request="${id}"]`);
  await expect(row).toContainText(reference);
  await expect(row).toContainText("Overpaid");
  await expect(row).toContainText("2.50");
  await lookAt(page, "test-results/screens/returns-1440.png", { fullPage: true });

  // Support reads the queue but has no control over it.
  const support = await signInAs("support");
  await support.goto("/returns");
  await expect(support.locator(`[data-testid="payin-case"][data-request="${id}"]`)).toContainText(reference);
  await expect(support.getByTestId("decide-payin")).toHaveCount(0);
  await lookAt(support, "test-results/screens/returns-support-1440.png", { fullPage: true });

  await row.getByTestId("decide-payin").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(payer);
  await lookAt(page, "test-results/screens/returns-decide-1440.png");
  await dialog.getByTestId("return-excess").click();
  await expect(dialog.getByTestId("payin-decided")).toContainText("Return of 2.50 USDC sent to the payer.");
  await page.keyboard.press("Escape");

  // The payin has left the queue; the Decided list follows the return until its disbursement completes.
  await expect(row).toHaveCount(0);
  const decided = page.locator(`[data-testid="payin-decision"][data-request="${id}"]`);
  await expect(decided).toContainText("Return the excess");
  await expect
    .poll(
      async () => {
        await page.reload();
        return decided.getAttribute("data-stage");
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe("returned");
  await expect(decided).toContainText("request refunded");
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, "test-results/screens/returns-390.png", { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const after = await request.get(`/v0/settlement-requests/${id}`, { headers: { "X-Api-Key": sandboxKey() } });
  expect(((await after.json()) as { status: string }).status).toBe("REQUEST_REFUNDED");
  // The disbursement went to the payer's own address, for the excess.
  await decided.getByRole("link", { name: "Disbursement" }).click();
  await expect(page.getByRole("main")).toContainText("2.50");
  await expect(page.getByRole("main")).toContainText(payer);
  await expect(page.getByTestId("return-trail")).toContainText(reference);
  await lookAt(page, "test-results/screens/returns-disbursement-1440.png");
  // The request links back to its return.
  await page.getByTestId("return-trail").getByRole("link").click();
  await expect(page.getByTestId("payin-decision-trail")).toContainText("2.50 USDC returned to the payer");
  await lookAt(page, "test-results/screens/returns-request-1440.png");
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, "test-results/screens/returns-request-390.png", { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // An underpayment is accepted, with a note: without one it is refused, naming the note.
  const short = unique("underpaid");
  const shortId = await overpaid(request, short, fresh.evm(), "9.00");
  await page.goto("/returns");
  const shortRow = page.locator(`[data-testid="payin-case"][data-request="${shortId}"]`);
  await expect(shortRow).toContainText("Underpaid");
  await expect(shortRow).toContainText("-1.00 USDC");
  await shortRow.getByTestId("decide-payin").click();
  await expect(page.getByRole("dialog")).toContainText("Accept the shortfall");
  await page.getByRole("dialog").getByTestId("accept-payin").click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("Note");
  await typeInto(page.getByRole("dialog").getByTestId("accept-note"), "Payer's bank fee, agreed by phone");
  await page.getByRole("dialog").getByTestId("accept-payin").click();
  await expect(page.getByRole("dialog").getByTestId("payin-decided")).toContainText("Accept the shortfall: recorded.");
  await page.keyboard.press("Escape");
  await expect(shortRow).toHaveCount(0);
  const accepted = page.locator(`[data-testid="payin-decision"][data-request="${shortId}"]`);
  await expect(accepted).toHaveAttribute("data-stage", "accepted");
  await expect(accepted).toContainText("Payer's bank fee, agreed by phone");

  // Reconciliation: the return's payout is expected and matched, under the payin's reference.
  const clock = await request.get("/v0/sandbox/clock", { headers: { "X-Api-Key": sandboxKey() } });
  const now = new Date(((await clock.json()) as { now: string }).now);
  const zone = process.env.MERCHANT_TIME_ZONE ?? readEnvLocal().MERCHANT_TIME_ZONE ?? "UTC";
  const period = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit" })
    .format(now)
    .slice(0, 7);
  await page.goto(`/reconciliation?period=${period}`);
  await page.getByTestId("run-matching").click();
  await expect(page.getByText(/\d+ match(es)?, \d+ exceptions?/)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/reconciliation?period=${period}&view=expected`);
  const expectedReturn = page
    .locator('[data-testid="expected-row"][data-direction="out"]')
    .filter({ hasText: reference });
  // One payout is expected under it: the return; the request's own payout, never funded, is not.
  await expect(expectedReturn).toHaveCount(1);
  await expect(expectedReturn).toHaveAttribute("data-state", "matched");
  await expect(expectedReturn).toContainText("2.50");
});

test("accepting an underpayment writes it off: a write-off rule holds it until an administrator approves, then it stands", async ({
  page,
  request,
  signInAs,
}) => {
  test.setTimeout(120_000);
  // An administrator's rule for write-offs of 777 USDC and more in the sandbox (narrow, so no other journey meets it).
  const admin = await signInAs("admin");
  const rule = `E2E shortfalls ≥ 777 USDC ${Date.now().toString(36)}`;
  await admin.goto("/approvals/rules/new");
  await typeInto(admin.getByLabel("Name"), rule);
  await setChecked(admin.getByLabel("Production"), false);
  await setChecked(admin.getByLabel("Sandbox"));
  for (const a of ["Settlement request", "Disbursement", "/v1 payment"]) await setChecked(admin.getByLabel(a), false);
  await setChecked(admin.getByLabel("Reconciliation write-off"));
  await typeInto(admin.getByLabel("Amount at or above"), "777");
  await setChecked(admin.getByLabel("USDC", { exact: true }));
  await admin.getByRole("button", { name: "Create rule" }).click();
  await admin.waitForURL(/\/approvals\/rules$/);
  const ruleHref = (await admin.getByRole("link", { name: rule }).getAttribute("href")) ?? "";
  try {
    // 1,000 USDC asked, 200 arrived: accepting the 800 shortfall is held.
    const reference = unique("shortfall");
    const id = await overpaid(request, reference, fresh.evm(), "200.00", "1000.00");
    await page.goto("/returns");
    const row = page.locator(`[data-testid="payin-case"][data-request="${id}"]`);
    await expect(row).toContainText("-800.00 USDC");
    await row.getByTestId("decide-payin").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Accepting a shortfall writes it off");
    await typeInto(dialog.getByTestId("accept-note"), "Customer's hardship agreement");
    await dialog.getByTestId("accept-payin").click();
    await expect(dialog.getByTestId("held-for-approval")).toContainText(`“${rule}” needs 1 approval`);
    await lookAt(page, "test-results/screens/returns-shortfall-held-1440.png");
    await page.keyboard.press("Escape");
    await page.reload();
    await expect(row).toHaveCount(0);
    const decided = page.locator(`[data-testid="payin-decision"][data-request="${id}"]`);
    await expect(decided).toHaveAttribute("data-stage", "awaiting_approval");
    await expect(decided).toContainText("Write-off awaiting approval");
    const approval = (await decided.getByRole("link", { name: "Approval" }).getAttribute("href")) ?? "";
    expect(approval).toMatch(/^\/approvals\/sub_/);
    // The request's page says it waits.
    await page.goto(`/settlement-requests/${id}`);
    await expect(page.getByTestId("payin-decision-trail")).toContainText("write-off awaiting approval");

    // The administrator approves what the server read: the 800 shortfall, with its reference.
    await admin.goto(approval);
    await expect(admin.getByRole("heading", { level: 1 })).toContainText(
      `Accept a payin's shortfall of 800.00 USDC (${reference}): Customer's hardship agreement`,
    );
    await admin.getByRole("button", { name: "Approve and send" }).click();
    await expect(admin.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");

    // Now it stands, in the Decided list and on the request.
    await page.goto("/returns");
    await expect(decided).toHaveAttribute("data-stage", "accepted");
    await page.goto(`/settlement-requests/${id}`);
    await expect(page.getByTestId("payin-decision-trail")).toContainText("Payin accepted by");
    await expect(page.getByTestId("payin-decision-trail")).toContainText("Customer's hardship agreement");
  } finally {
    // The rule goes off again.
    await admin.goto(ruleHref);
    await setChecked(admin.getByLabel("On (holds new submissions)"), false);
    await admin.getByRole("button", { name: "Save a new version" }).click();
    await admin.waitForURL(/\/approvals\/rules$/);
  }
});
