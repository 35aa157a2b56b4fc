/**
 * Search finds what support pastes from a list (issue 35, finding 8): the short id a list shows
 * ("2cb19d01…"), the start of an external_id, and a paste longer than the 128 characters it
 * searches settles instead of spinning on "Searching…".
 */
import { expect, test } from "./fixtures/auth";
import { openSearchByKeyboard, whenHydrated } from "./support/hydration";
import { createRequestViaApi, unique } from "./support/settlement";
import { typeInto } from "./support/forms";

test("search finds a short id and the start of an external_id, and a very long paste settles", async ({
  page,
  request,
}) => {
  const tag = unique("PREFIXED");
  const { id } = await createRequestViaApi(request, `${tag}-INV-77`);
  await page.goto("/");
  const box = await openSearchByKeyboard(page);
  const hits = page.getByTestId("search-hit");

  await typeInto(box, `${id.slice(0, 8)}…`);
  await expect(hits.filter({ hasText: `${tag}-INV-77` })).toHaveCount(1);

  await typeInto(box, tag.toLowerCase());
  await expect(hits.filter({ hasText: `${tag}-INV-77` })).toHaveCount(1);

  await typeInto(box, `x${"y".repeat(200)}`);
  await expect(page.getByText("Searching…")).toHaveCount(0, { timeout: 5_000 });
  await expect(page.getByRole("dialog", { name: "Search" })).toContainText(/Nothing|No match|nothing/i);
});

test("what is typed right after Ctrl+K is kept while the search loads (issue 59)", async ({ page }) => {
  await page.goto("/");
  const launcher = page.getByTestId("search-launcher");
  await whenHydrated(launcher);
  // The panel's code arrives late, as on a slow line: every key below is typed before its box exists.
  await page.route("**/_next/static/chunks/**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await expect(async () => {
    if ((await launcher.getAttribute("aria-expanded")) !== "true") await page.keyboard.press("ControlOrMeta+k");
    await expect(launcher).toHaveAttribute("aria-expanded", "true", { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.type("inv-2026-0042");
  await expect(page.getByRole("dialog", { name: "Search" }).locator("#search-box")).toHaveValue("inv-2026-0042");
});
