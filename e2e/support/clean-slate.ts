/**
 * A retried journey starts from a clean state (issue 48). What a failed first try leaves in the
 * console's database would trip the second: a sign-in throttle on this machine's address, an
 * approval rule left switched on (every later create is then held; a production rule's switch-off
 * is approved by a second administrator), a daily limit. The
 * auth fixture runs `cleanSlate` before every retry, as an administrator would, through the
 * console's own pages: nothing here reaches into the database.
 */
import { expect, type Page } from "@playwright/test";
import { setChecked } from "./forms";
import { whenHydrated } from "./hydration";
import { approveInProduction } from "./second-factor";

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

/** A second administrator with an authenticator app, opened only when a change needs one. */
export type SecondAdmin = () => Promise<{ page: Page; secret: string }>;

/**
 * Switches off every journey-made rule ("E2E …") that is still on. A production rule's change is
 * held for another administrator: `secondAdmin` approves it (without one, the rule is left on and
 * counted apart, never waited on).
 */
async function switchOffJourneyRules(page: Page, secondAdmin?: SecondAdmin): Promise<{ off: number; left: number }> {
  const left = new Set<string>();
  let off = 0;
  for (;;) {
    await page.goto("/approvals/rules");
    const on = page
      .getByTestId("rule-row")
      .filter({ has: page.getByRole("link", { name: /^E2E / }) })
      .filter({ has: page.getByText("On", { exact: true }) })
      .getByRole("link", { name: /^E2E / });
    const hrefs = await on.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const next = hrefs.find((h) => h && !left.has(h));
    if (!next || off >= 20) return { off, left: left.size };
    await page.goto(next);
    const toggle = page.getByLabel("On (holds new submissions)");
    await whenHydrated(toggle);
    await setChecked(toggle, false);
    await page.getByRole("button", { name: "Save a new version" }).click();
    const held = page.getByTestId("held-for-approval");
    await expect
      .poll(async () => /\/approvals\/rules$/.test(new URL(page.url()).pathname) || (await held.isVisible()))
      .toBe(true);
    if (await held.isVisible()) {
      if (!secondAdmin) {
        left.add(next);
        continue;
      }
      const href = (await held.getByRole("link").getAttribute("href")) ?? "";
      const approver = await secondAdmin();
      await approver.page.goto(href);
      await approveInProduction(approver.page, approver.secret);
      await expect(approver.page.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
    }
    off += 1;
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
export async function cleanSlate(page: Page, secondAdmin?: SecondAdmin): Promise<string> {
  const throttles = await liftThrottles(page);
  const rules = await switchOffJourneyRules(page, secondAdmin);
  const limits = await removeDailyLimits(page);
  return `retry: ${throttles} throttle(s) lifted, ${rules.off} rule(s) switched off${rules.left ? ` (${rules.left} left on: no second administrator)` : ""}, ${limits} daily limit(s) removed`;
}
