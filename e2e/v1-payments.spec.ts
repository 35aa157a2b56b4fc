import { expect, test } from "./fixtures/auth";
import { VALID, watchErrors } from "./support/settlement";
import { choose, setChecked, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

// Every test starts signed in as an administrator (e2e/fixtures/auth.ts), in sandbox.

test("/v1 payments: create a liquidity payment, see it counting down, notify the wire, watch it complete", async ({
  page,
}) => {
  const errors = watchErrors(page);
  // The pages' old address still lands here.
  await page.goto("/legacy");
  await expect(page).toHaveURL(/\/v1-payments$/);
  await expect(page.getByRole("heading", { level: 1, name: "/v1 payments" })).toBeVisible();
  await page.getByRole("link", { name: "New /v1 payment" }).first().click();

  // The wallet is checked against the chain in the browser.
  await typeInto(page.getByLabel(/^Amount/), "25");
  await choose(page.getByLabel("Chain"), "SOLANA");
  await typeInto(page.getByLabel("Destination wallet"), VALID.evm);
  await page.getByRole("button", { name: "Create /v1 payment" }).click();
  await expect(page.getByText(/not a SOLANA address/)).toBeVisible();

  await typeInto(page.getByLabel("Destination wallet"), VALID.solana);
  await setChecked(page.getByLabel("Add an account holder"));
  await typeInto(page.getByLabel("First name"), "Grace");
  await typeInto(page.getByLabel("Last name"), "Hopper");
  await lookAt(page, "test-results/screens/v1-payments-new.png", { fullPage: true });
  await page.getByRole("button", { name: "Create /v1 payment" }).dblclick();
  await expect(page).toHaveURL(/\/v1-payments\/(?!new\b)[^/?]+/, { timeout: 15_000 });
  await expect(page.getByTestId("v1-status")).toContainText("Created");
  await expect(page.getByRole("timer")).toHaveText(/^[0-4]:\d\d$/);
  await expect(page.getByText("Grace Hopper")).toBeVisible();
  const reference = (await page.getByTestId("v1-reference").textContent())?.trim() ?? "";
  expect(reference.length).toBeGreaterThan(0);
  await lookAt(page, "test-results/screens/v1-payments-detail-created.png", { fullPage: true });

  await page.getByRole("button", { name: "Notify incoming payment" }).click();
  await expect(page.getByTestId("v1-status")).toContainText(/Processing|Completed/);
  await expect(page.getByTestId("v1-status")).toContainText("Completed", { timeout: 30_000 });
  await lookAt(page, "test-results/screens/v1-payments-detail-completed.png", { fullPage: true });

  // Listed, with its reference; the status filter finds it among the completed.
  await page.goto("/v1-payments?status=COMPLETED");
  await expect(page.getByTestId("v1-payment-row").filter({ hasText: reference })).toHaveCount(1);
  await choose(page.getByLabel("Status"), "CREATED");
  await expect(page.getByTestId("v1-payment-row").filter({ hasText: reference })).toHaveCount(0);
  await choose(page.getByLabel("Status"), "");
  await expect(page.getByTestId("v1-payment-row").filter({ hasText: reference })).toHaveCount(1);
  await lookAt(page, "test-results/screens/v1-payments-list.png", { fullPage: true });
  expect(errors).toEqual([]);
});
