import { expect, test } from "./fixtures/auth";
import { apiKeys, watchErrors } from "./support/settlement";
import { lookAt } from "./support/screens";

// Every test starts signed in as an administrator (e2e/fixtures/auth.ts), in sandbox.

test("settings: base URLs, whether each key is set (never the key), a connection test, the OpenAPI link", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const response = await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

  for (const environment of ["sandbox", "production"] as const) {
    const card = page.getByTestId(`connection-${environment}`);
    await expect(card.getByTestId("base-url")).toHaveText(/^https?:\/\/[^\s]+$/);
    await expect(card.getByTestId("key-status")).toContainText("Set");
  }

  const sandbox = page.getByTestId("connection-sandbox");
  await sandbox.getByRole("button", { name: "Test connection" }).click();
  await expect(sandbox.getByTestId("connection-ok")).toContainText(/Connected\s*\d+ ms/);
  const production = page.getByTestId("connection-production");
  await production.getByRole("button", { name: "Test connection" }).click();
  await expect(production.getByTestId("connection-ok")).toContainText("Connected");
  await lookAt(page, "test-results/screens/settings.png", { fullPage: true });

  // No key in the HTML or on screen.
  const html = (await response?.text()) ?? "";
  const shown = await page.content();
  for (const key of apiKeys()) {
    expect(html).not.toContain(key);
    expect(shown).not.toContain(key);
  }

  const href = await sandbox.getByTestId("openapi-link").getAttribute("href");
  expect(href).toBeTruthy();
  const spec = await request.get(href ?? "");
  expect(spec.status()).toBe(200);
  expect(((await spec.json()) as { openapi: string }).openapi).toMatch(/^3\.0/);
  expect(errors).toEqual([]);
});
