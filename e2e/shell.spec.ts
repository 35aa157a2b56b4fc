import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { whenHydrated } from "./support/hydration";
import { lookAt } from "./support/screens";

const SECTIONS = [
  { link: "Overview", path: "/", heading: "Overview", slug: "overview" },
  { link: "Rates", path: "/rates", heading: "Rates", slug: "rates" },
  {
    link: "Settlement requests",
    path: "/settlement-requests",
    heading: "Settlement requests",
    slug: "settlement-requests",
  },
  { link: "Payments", path: "/payments", heading: "Payments", slug: "payments" },
  { link: "Disbursements", path: "/disbursements", heading: "Disbursements", slug: "disbursements" },
  { link: "Webhooks", path: "/webhooks", heading: "Webhooks", slug: "webhooks" },
  { link: "Inbox", path: "/inbox", heading: "Inbox", slug: "inbox" },
  { link: "Sandbox", path: "/sandbox", heading: "Sandbox", slug: "sandbox" },
  { link: "/v1 payments", path: "/v1-payments", heading: "/v1 payments", slug: "v1-payments" },
  { link: "Settings", path: "/settings", heading: "Settings", slug: "settings" },
] as const;

/** Collects console errors and uncaught page errors; the test fails if any were seen. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

// Every test starts signed in as an administrator (e2e/fixtures/auth.ts), in sandbox.

test("every section opens from the sidebar, with its heading and no errors", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/");
  const sidebar = page.getByRole("navigation", { name: "Sections" }).first();
  // The account behind the console's keys, as the embedded service names it.
  await expect(page.getByTestId("account-name").first()).toHaveText("Demo Merchant Ltd");

  for (const section of SECTIONS) {
    await sidebar.getByRole("link", { name: section.link, exact: true }).click();
    await expect(page).toHaveURL(section.path);
    await expect(page.getByRole("heading", { level: 1, name: section.heading, exact: true })).toBeVisible();
    const link = sidebar.getByRole("link", { name: section.link, exact: true });
    await expect(link).toHaveAttribute("aria-current", "page");
    await lookAt(page, `test-results/screens/${section.slug}.png`, { fullPage: true });
  }
  expect(errors).toEqual([]);
});

test("the environment switch changes the badge and persists across reloads", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/settlement-requests");
  const badge = page.getByTestId("env-badge");
  const sidebar = page.locator("aside");
  await expect(badge).toHaveText("Sandbox");

  await sidebar.getByRole("button", { name: "Production" }).click();
  const dialog = page.getByRole("dialog", { name: "Switch to production?" });
  await expect(dialog).toBeVisible();
  await lookAt(page, "test-results/screens/confirm-production.png");
  await dialog.getByRole("button", { name: "Switch to production" }).click();
  await expect(badge).toHaveText("Production");
  await expect(sidebar.getByRole("button", { name: "Production" })).toHaveAttribute("aria-pressed", "true");
  await lookAt(page, "test-results/screens/production.png", { fullPage: true });

  await page.reload();
  await expect(page.getByTestId("env-badge")).toHaveText("Production");
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "console_env")?.value).toBe("production");

  await page.locator("aside").getByRole("button", { name: "Sandbox" }).click();
  await expect(page.getByTestId("env-badge")).toHaveText("Sandbox");
  await page.reload();
  await expect(page.getByTestId("env-badge")).toHaveText("Sandbox");
  expect(errors).toEqual([]);
});

test("declining the production prompt keeps sandbox", async ({ page }) => {
  await page.goto("/");
  await page.locator("aside").getByRole("button", { name: "Production" }).click();
  await page.getByRole("button", { name: "Stay in sandbox" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByTestId("env-badge")).toHaveText("Sandbox");
});

test("keyboard users can skip to content", async ({ page }) => {
  await page.goto("/payments");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("a full page load paints the sidebar and the page content in one first frame", async ({ page }) => {
  // The head holds paint back (rel=expect, blocking=render) until the element that closes the
  // page content is parsed: it must exist, inside <main>, after the content (decision D16.8).
  await page.goto("/settlement-requests");
  const expectLink = page.locator('head link[rel="expect"][blocking="render"]');
  await expect(expectLink).toHaveCount(1);
  const target = await expectLink.getAttribute("href");
  expect(target).toMatch(/^#[\w-]+$/);
  const closesMain = await page.evaluate((id) => {
    const end = document.getElementById(id);
    const main = document.querySelector("main");
    return end !== null && main !== null && end.parentElement === main && main.lastElementChild === end;
  }, target?.slice(1) ?? "");
  expect(closesMain).toBe(true);
  await expect(page.getByTestId("request-row").or(page.getByText("No settlement requests yet")).first()).toBeVisible();
});

test("on a narrow screen the sidebar folds into a menu", async ({ page }) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator("aside")).toBeHidden();
  // A real dialog: focus moves in, Escape closes it and gives focus back to the button.
  const openMenu = page.getByRole("button", { name: "Open menu" });
  await whenHydrated(openMenu);
  await openMenu.click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(openMenu).toBeFocused();
  // Tab stays inside while it is open.
  await openMenu.click();
  for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
  expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await lookAt(page, "test-results/screens/mobile-menu.png");
  await menu.getByRole("link", { name: "Webhooks" }).click();
  const heading = page.getByRole("heading", { level: 1, name: "Webhooks" });
  await expect(heading).toBeVisible();
  await expect(menu).toBeHidden();
  // After a client-side navigation, focus is on the new page's heading.
  await expect(heading).toBeFocused();
  await lookAt(page, "test-results/screens/mobile-webhooks.png", { fullPage: true });
  expect(errors).toEqual([]);
});

test("an unknown address shows the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await lookAt(page, "test-results/screens/not-found.png", { fullPage: true });
  // Inside the console (a batch of the other environment, say): one <main>, the shell's (issue 59).
  const inside = await page.goto("/batches/bat_no_such_batch");
  expect(inside?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("switch environment");
  await expect(page.locator("main")).toHaveCount(1);
});
