import { expect, test } from "./fixtures/auth";
import { createRequestViaApi, unique, watchErrors } from "./support/settlement";
import { choose, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

// Every test starts signed in as an administrator (e2e/fixtures/auth.ts), in sandbox.

test("payments: filter a request's payments, open the payin, set its status (FAILED needs a reason, a short amount is a mismatch)", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const created = await createRequestViaApi(request, unique("pay"));

  // The list, filtered by the request: its inbound and outbound payment.
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await typeInto(page.getByLabel("Settlement request ID"), created.id);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`settlement_request_id=${created.id}`));
  const rows = page.getByTestId("payment-row");
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("payments-total")).toContainText("2 payments");
  await lookAt(page, "test-results/screens/payments-list.png", { fullPage: true });

  // Type filter: only the payout.
  await choose(page.getByLabel("Type"), "PAYOUT");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Payout");
  await choose(page.getByLabel("Type"), "PAYIN");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Payin");

  // The payin's page: its fields and its request.
  await rows.first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/payments\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Inbound payment" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toContainText("Awaiting funds");
  await expect(page.getByTestId("payment-owner")).toHaveAttribute("href", `/settlement-requests/${created.id}`);
  await expect(page.getByText("USDC · Solana").first()).toBeVisible();

  // Sandbox control: FAILED without a reason is refused in the browser.
  const control = page.getByTestId("payment-status-control");
  await choose(control.getByLabel("New status"), "FAILED");
  await control.getByRole("button", { name: "Apply status" }).click();
  await expect(control.getByText("Required when status is FAILED")).toBeVisible();
  await expect(page.getByTestId("payment-status")).toContainText("Awaiting funds");

  // COMPLETED with less than instructed: the payment completes, the request is a mismatch.
  await choose(control.getByLabel("New status"), "COMPLETED");
  await typeInto(control.getByLabel("Amount received"), "1");
  await control.getByRole("button", { name: "Apply status" }).click();
  await expect(page.getByTestId("payment-status")).toContainText("Completed");
  await lookAt(page, "test-results/screens/payment-detail.png", { fullPage: true });

  await page.getByTestId("payment-owner").click();
  await expect(page).toHaveURL(new RegExp(`/settlement-requests/${created.id}`));
  await expect(page.getByTestId("request-status")).toContainText("Payin amount mismatch");
  expect(errors).toEqual([]);
});

test("payments: a FAILED payout with its reason shows on the payment and the request", async ({ page, request }) => {
  const created = await createRequestViaApi(request, unique("payout"));
  await page.goto(`/payments?settlement_request_id=${created.id}&type=PAYOUT`);
  await expect(page.getByTestId("payment-row")).toHaveCount(1);
  await page.getByTestId("payment-row").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Outbound payment" })).toBeVisible();
  const control = page.getByTestId("payment-status-control");
  await choose(control.getByLabel("New status"), "FAILED");
  await typeInto(control.getByLabel("Failure reason"), "Beneficiary bank rejected the transfer");
  await control.getByRole("button", { name: "Apply status" }).click();
  await expect(page.getByTestId("payment-status")).toContainText("Failed");
  await expect(page.getByTestId("payment-failure")).toHaveText("Beneficiary bank rejected the transfer");
  await page.goto(`/settlement-requests/${created.id}`);
  await expect(page.getByTestId("request-status")).toContainText("Payout failed");
});
