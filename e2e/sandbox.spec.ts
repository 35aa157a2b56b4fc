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

test.describe("as a developer", () => {
  test.use({ role: "developer" });

  test("a developer creates a sandbox request alone and simulates it to completion, the panel offering only the next moves", async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto("/settlement-requests/new");
    await expect(page.getByText("Not available for your role")).toHaveCount(0);
    await page.goto("/sandbox");
    await page.getByTestId("quick-flow").getByRole("button", { name: "Create" }).first().click();
    await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}\?created=1/, { timeout: 15_000 });
    const status = page.getByTestId("request-status");
    await expect(status).toContainText("Request started");

    // Before funds arrive the payout moves are off, and the panel says why.
    await expect(page.getByRole("button", { name: "Payout sent" })).toBeDisabled();
    await expect(page.getByTestId("quick-move-reasons")).toContainText("Funds have not arrived yet");

    await page.getByRole("button", { name: "Mark funds sent" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Transaction hash").fill("0xfeedbeef02");
    await dialog.getByRole("button", { name: "Mark funds sent" }).click();
    await expect(status).toContainText("Funds sent");
    await page.getByRole("button", { name: "Payin received" }).click();
    await expect(status).toContainText(/Settlement (sent|completed)/, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Payin received" })).toBeDisabled();
    await page.getByRole("button", { name: "Complete request" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Complete request" }).click();
    await expect(status).toContainText("Request completed", { timeout: 10_000 });
    await expect(page.getByText("Request completed ends the request; nothing left to simulate.")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/developer-simulated.png", fullPage: true });
    expect(errors).toEqual([]);
  });
});
