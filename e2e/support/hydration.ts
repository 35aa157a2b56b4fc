/**
 * Waiting for React in the journeys. `goto` returns once the page has loaded, but React may still
 * be hydrating it: a click or a key press that lands before the element's handlers are attached
 * does nothing, so a journey that acts straight after a load waits here first.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** Waits until React has hydrated `element` (its DOM node carries React's props). */
export async function whenHydrated(element: Locator): Promise<void> {
  await element.waitFor();
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))))
    .toBe(true);
}

/**
 * Opens the search dialog with ⌘K / Ctrl+K and returns its box, focused. The shortcut is listened
 * for from an effect, after hydration: a press before that does nothing, so it is pressed again
 * (only while the dialog is not open) until it works.
 */
export async function openSearchByKeyboard(page: Page): Promise<Locator> {
  const box = page.getByRole("dialog", { name: "Search" }).getByLabel("Search");
  await expect(async () => {
    if (!(await box.isVisible())) await page.keyboard.press("ControlOrMeta+k");
    await expect(box).toBeFocused({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  return box;
}
