/**
 * The one way a journey types into a form (issue 48). A value typed into a server-rendered field
 * before React has hydrated it is reset to the component's state by hydration, and a box ticked
 * or an option chosen too early is put back the same way: on a slow machine that made journeys
 * fail, or worse, save something other than what they typed. Each helper waits for hydration,
 * acts, and checks that the value held. `test/e2e-form-helpers.test.ts` fails on any bare
 * `fill`, `selectOption`, `check` or `uncheck` in a spec or a support file outside this one.
 */
import { expect, type Locator } from "@playwright/test";
import { whenHydrated } from "./hydration";

/** Types `value` into a text field once it is hydrated, and waits until the field shows it. */
export async function typeInto(field: Locator, value: string): Promise<void> {
  await whenHydrated(field);
  await field.fill(value);
  await expect(field).toHaveValue(value);
}

/** Picks an option of a `<select>` (by value or label) once it is hydrated, and checks it stayed picked. */
export async function choose(select: Locator, option: string | { label: string } | { value: string }): Promise<void> {
  await whenHydrated(select);
  const [picked] = await select.selectOption(option);
  await expect(select).toHaveValue(picked ?? "");
}

/** Ticks (or unticks) a checkbox or radio once it is hydrated, and checks that it stayed so. */
export async function setChecked(box: Locator, checked = true): Promise<void> {
  await whenHydrated(box);
  await box.setChecked(checked);
  await expect(box).toBeChecked({ checked });
}
