import { expect, test } from "./fixtures/auth";
import { watchErrors } from "./support/settlement";

// Every test starts signed in as an administrator (e2e/fixtures/auth.ts), in sandbox.

test("sandbox: info and balances, then the quick flow creates a sample request and opens it", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/sandbox");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  const info = page.getByTestId("sandbox-info");
  await expect(info).toContainText("sandbox");
  await expect(info).toContainText(/[\d,]+ requests \/ 60 s/);
  await expect(info).toContainText("USDC");
  await expect(info).toContainText("Solana");
  await expect(page.getByTestId("server-time")).toContainText("UTC");
  const usdc = page.getByTestId("balance-USDC");
  await expect(usdc).toBeVisible();
  await expect(usdc).toContainText("USDC");
  await page.screenshot({ path: "test-results/screens/sandbox.png", fullPage: true });

  await page.getByTestId("quick-flow").getByRole("button", { name: "Create" }).first().dblclick();
  await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}\?created=1/, { timeout: 15_000 });
  await expect(page.getByTestId("request-status")).toContainText("Request started");
  await expect(page.getByTestId("simulate-panel")).toBeVisible();
  expect(errors).toEqual([]);
});
