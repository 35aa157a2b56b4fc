/**
 * Issue 35's smaller findings, as a person meets them: a refusal's message goes once the form is
 * edited (9), an inverted date range is marked and not applied (10), the beneficiary's country
 * follows the IBAN (12), a name with an emoji (6), the console's own calls hidden in the Request
 * log (22), the overview names how requests ended (14).
 */
import { expect, test } from "./fixtures/auth";
import { whenHydrated } from "./support/hydration";
import { VALID, openBuilder, openDateRange, destinationSection } from "./support/settlement";
import { choose, typeInto } from "./support/forms";

test("an old refusal goes once the form is edited (finding 9)", async ({ page }) => {
  await page.goto("/v1-payments/new");
  const amount = page.getByLabel(/^Amount/);
  await whenHydrated(amount);
  await typeInto(amount, "999999999");
  await choose(page.getByLabel("Chain"), "SOLANA");
  await typeInto(page.getByLabel("Destination wallet"), VALID.solana);
  // more than the balance: the service refuses it, and the refusal shows above the button
  await page.getByRole("button", { name: "Create /v1 payment" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /balance/i })
      .first(),
  ).toBeVisible();
  await typeInto(amount, "2");
  await expect(page.getByRole("alert").filter({ hasText: /balance/i })).toHaveCount(0);
});

test("an inverted date range is marked and not applied; the empty list says 'in these dates' (finding 10)", async ({
  page,
}) => {
  await page.goto("/settlement-requests");
  await openDateRange(page);
  await typeInto(page.getByLabel("Created from"), "2026-11-20");
  await expect(page).toHaveURL(/created_from=2026-11-20/);
  await typeInto(page.getByLabel("Created to"), "2026-11-10");
  await expect(page.getByText("Must be on or after Created from")).toBeVisible();
  await expect(page).not.toHaveURL(/created_to=2026-11-10/);
  await page.goto("/settlement-requests?created_from=2020-01-01&created_to=2020-01-02");
  await expect(page.getByText("No request was created in these dates.")).toBeVisible();
  await page.goto("/balances?currency=USDC&from=2026-11-20&to=2026-11-10");
  await expect(page.getByText("This range ends before it starts")).toBeVisible();
});

test("the beneficiary's country follows a French IBAN (finding 12)", async ({ page }) => {
  await openBuilder(page, "STABLECOIN_TO_FIAT");
  await choose(destinationSection(page).getByLabel("Currency"), "EUR");
  await typeInto(page.getByLabel("IBAN"), "FR1420041010050500013M02606");
  await page.getByLabel("IBAN").blur();
  await expect(page.getByLabel("Country")).toHaveValue("FR");
  await expect(page.getByText("Taken from the IBAN")).toBeVisible();
});

test("a person whose name has an emoji: whole-grapheme initials and no hydration error (finding 6)", async ({
  page,
  browser,
  baseURL,
}) => {
  const errors: string[] = [];
  await page.goto("/admin/users");
  const email = `emoji-${Date.now().toString(36)}@e2e.test`;
  await page.getByRole("button", { name: "Add person" }).click();
  const dialog = page.getByRole("dialog");
  await typeInto(dialog.getByLabel("Email"), email);
  await typeInto(dialog.getByLabel("Name"), "🦊 Fox Finance");
  await choose(dialog.getByLabel("Role"), "finance");
  await dialog.getByRole("button", { name: "Add person" }).click();
  const password = ((await dialog.getByTestId("one-time-secret").textContent()) ?? "").trim();
  await dialog.getByRole("button", { name: "Done" }).click();
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const them = await context.newPage();
  them.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  them.on("pageerror", (e) => errors.push(e.message));
  await them.goto("/sign-in");
  await typeInto(them.getByLabel("Email"), email);
  await typeInto(them.getByLabel("Password"), password);
  await them.getByRole("button", { name: "Sign in" }).click();
  await typeInto(them.getByLabel("Current password"), password);
  await typeInto(them.getByLabel(/^New password/), "a fox chose this passphrase");
  await typeInto(them.getByLabel("Repeat the new password"), "a fox chose this passphrase");
  await them.getByRole("button", { name: "Change password" }).click();
  await expect(them.getByTestId("user-menu")).toContainText("🦊F");
  await them.reload();
  await expect(them.getByTestId("user-menu")).toContainText("🦊F");
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
  await context.close();
});

test("the Request log hides the console's own calls unless asked (finding 22)", async ({ page }) => {
  await page.goto("/");
  await page.goto("/request-log");
  await expect(page.getByText("Include the console's own calls")).toBeVisible();
  await expect(page.getByTestId("api-call").filter({ hasText: "console" })).toHaveCount(0);
  await page.goto("/request-log?console=1");
  await expect(page.getByTestId("api-call").filter({ hasText: "/v0/summary" }).first()).toContainText("console");
});

test("the overview names how requests ended, not only success and failure (finding 14)", async ({ page }) => {
  await page.goto("/?range=30");
  await expect(page.getByTestId("summary-success-rate").locator("xpath=..")).toContainText(
    /that ended|no request has ended/,
  );
  await page.goto("/settlement-requests");
  await expect(page.getByTestId("totals-scope")).toContainText("whatever its outcome");
});
