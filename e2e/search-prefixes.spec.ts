/**
 * Search finds what support pastes from a list (issue 35, finding 8): the short id a list shows
 * ("2cb19d01…"), the start of an external_id, and a paste longer than the 128 characters it
 * searches settles instead of spinning on "Searching…".
 */
import { expect, test } from "./fixtures/auth";
import { openSearchByKeyboard } from "./support/hydration";
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
