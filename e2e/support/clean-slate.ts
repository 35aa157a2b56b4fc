/**
 * A retried journey starts from a clean state (issue 48). What a failed first try leaves in the
 * console's database would trip the second: a sign-in throttle on this machine's address, an
 * approval rule left switched on (every later sandbox create is then held), a daily limit. The
 * auth fixture runs `cleanSlate` before every retry, as an administrator would, through the
 * console's own pages: nothing here reaches into the database.
 */
import { expect, type Page } from "@playwright/test";
import { setChecked } from "./forms";
import { whenHydrated } from "./hydration";

/** Lifts every sign-in throttle in force (People page). */
async function liftThrottles(page: Page): Promise<number> {
  await page.goto("/admin/users");
  const rows = page.getByTestId("throttle-row");
  let lifted = 0;
  for (let count = await rows.count(); count > 0 && lifted < 50; count = await rows.count()) {
    const lift = rows.first().getByRole("button", { name: /^Lift the throttle on / });
    await whenHydrated(lift);
    await lift.click();
    await expect(rows).toHaveCount(count - 1);
    lifted += 1;
  }
  return lifted;
}

/** Switches off every journey-made rule ("E2E …") that is still on. */
async function switchOffJourneyRules(page: Page): Promise<number> {
  let switched = 0;
  for (;;) {
    await page.goto("/approvals/rules");
    const on = page
      .getByTestId("rule-row")
      .filter({ has: page.getByRole("link", { name: /^E2E / }) })
      .filter({ has: page.getByText("On", { exact: true }) });
    if ((await on.count()) === 0 || switched >= 20) return switched;
    await on.first().getByRole("link").click();
    await page.waitForURL(/\/approvals\/rules\/[^/]+$/);
    await setChecked(page.getByLabel("On (holds new submissions)"), false);
    await page.getByRole("button", { name: "Save a new version" }).click();
    await page.waitForURL(/\/approvals\/rules$/);
    switched += 1;
  }
}

/** Removes every daily limit (the journeys that set one expect to start without). */
async function removeDailyLimits(page: Page): Promise<number> {
  await page.goto("/approvals/rules");
  const remove = page.getByTestId("daily-limits").getByRole("button", { name: /^Remove the limit / });
  let removed = 0;
  for (let count = await remove.count(); count > 0 && removed < 50; count = await remove.count()) {
    await whenHydrated(remove.first());
    await remove.first().click();
    await expect(remove).toHaveCount(count - 1);
    removed += 1;
  }
  return removed;
}

/** Clears what a failed try may have left, signed in as an administrator on `page`. */
export async function cleanSlate(page: Page): Promise<string> {
  const throttles = await liftThrottles(page);
  const rules = await switchOffJourneyRules(page);
  const limits = await removeDailyLimits(page);
  return `retry: ${throttles} throttle(s) lifted, ${rules} rule(s) switched off, ${limits} daily limit(s) removed`;
}
