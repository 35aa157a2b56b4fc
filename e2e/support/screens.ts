import type { Page } from "@playwright/test";

/**
 * A picture of the screen for a person to look at (issue 60: the suite wrote 119 that nothing
 * compared). Written only on a review run, `E2E_SCREENSHOTS=1` (`npm run screens`), into
 * test-results/screens; an ordinary run takes none, so no journey can lean on one.
 */
export async function lookAt(page: Page, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  await page.screenshot({ path, ...options });
}
