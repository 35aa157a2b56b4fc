import { expect, test } from "./fixtures/auth";
import { openSearchByKeyboard } from "./support/hydration";
import { createRequestViaApi, unique, watchErrors } from "./support/settlement";
import { typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

/**
 * The finance and support pages as each role that reads them (not only as the admin): each
 * renders, offers only the controls the role can use, fits a phone, and is screenshotted at
 * 1440 px and 390 px (test-results/screens/role-*.png) to be looked at.
 */
const PAGES = [
  { path: "/", slug: "overview", heading: "Overview" },
  { path: "/balances", slug: "balances", heading: "Balances" },
  { path: "/disbursements", slug: "disbursements", heading: "Disbursements" },
  { path: "/payments", slug: "payments", heading: "Payments" },
  { path: "/settlement-requests", slug: "requests", heading: "Settlement requests" },
] as const;

for (const role of ["support", "developer", "finance"] as const) {
  test.describe(role, () => {
    test.use({ role });

    test(`${role}: the finance and support pages, at 1440 px and 390 px, with only the controls the role can use`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const errors = watchErrors(page);
      const { id } = await createRequestViaApi(request, unique(`${role}-pages`));
      const makes = role !== "support";
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
        for (const p of PAGES) {
          await page.goto(p.path);
          await expect(page.getByRole("heading", { level: 1, name: p.heading })).toBeVisible();
          const scroll = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
          expect(scroll, `${p.path} at ${width} px`).toBeLessThanOrEqual(width);
          await lookAt(page, `test-results/screens/role-${role}-${p.slug}-${width}.png`, { fullPage: true });
        }
        // The overview's tasks are the role's own.
        await page.goto("/");
        const tasks = page.getByRole("region", { name: "Common tasks" });
        await expect(tasks.getByRole("link", { name: /Reconcile a balance/ })).toBeVisible();
        await expect(tasks.getByRole("link", { name: /Quote a rate/ })).toHaveCount(role === "finance" ? 1 : 0);
        await expect(tasks.getByRole("link", { name: /New settlement request/ })).toHaveCount(makes ? 1 : 0);
        await expect(tasks.getByRole("link", { name: /Simulate in sandbox/ })).toHaveCount(
          role === "developer" ? 1 : 0,
        );

        await page.goto("/disbursements");
        // The page header's link (an empty list offers a second one in its empty state).
        const header = page.getByRole("main").locator("header").first();
        await expect(header.getByRole("heading", { level: 1, name: "Disbursements" })).toBeVisible();
        await expect(header.getByRole("link", { name: "New disbursement" })).toHaveCount(makes ? 1 : 0);
        await expect(page.getByRole("link", { name: "Export CSV" })).toBeVisible();

        // The request page: every role may give the payer the instructions again (support too, audited).
        await page.goto(`/settlement-requests/${id}`);
        await expect(page.getByTestId("share-instructions")).toHaveCount(1);
        await lookAt(page, `test-results/screens/role-${role}-request-${width}.png`, { fullPage: true });

        // Search from anywhere finds the request by its id.
        const box = await openSearchByKeyboard(page);
        await typeInto(box, id);
        await expect(page.getByTestId("search-hit")).toHaveCount(1);
        await lookAt(page, `test-results/screens/role-${role}-search-${width}.png`);
        await box.press("Enter");
        await expect(page).toHaveURL(new RegExp(`/settlement-requests/${id}$`));
      }
      expect(errors).toEqual([]);
    });
  });
}
