/**
 * Where one is signed in (issue 61): the Account page lists each session with its browser,
 * address and last use; signing one out ends it at its next click, and "Sign out everywhere
 * else" ends the rest while this one stays.
 */
import { expect, test, addPerson, blankContext, choosePassword, signInWith } from "./fixtures/auth";
import { lookAt } from "./support/screens";

test("a person sees both of their sessions and signs the other one out", async ({ page, browser, baseURL }) => {
  const email = `sessions-${Date.now().toString(36)}@e2e.test`;
  const oneTime = await addPerson(page, { email, name: "Two browsers", role: "support" });
  const first = await blankContext(browser, baseURL);
  const here = await first.newPage();
  await signInWith(here, { email, password: oneTime });
  const password = await choosePassword(here, oneTime);
  const second = await blankContext(browser, baseURL);
  const there = await second.newPage();
  await signInWith(there, { email, password });

  await here.goto("/account");
  const rows = here.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ has: here.getByText("This browser") })).toHaveCount(1);
  await expect(rows.first()).toContainText(/Chrome on Linux|Chrome/);
  await lookAt(here, "test-results/screens/account-sessions-1440.png", { fullPage: true });
  await rows
    .filter({ hasNot: here.getByText("This browser") })
    .getByRole("button", { name: /^Sign out/ })
    .click();
  await expect(rows).toHaveCount(1);

  // The other browser's next click lands on the sign-in page; this one carries on.
  await there.goto("/account");
  await expect(there).toHaveURL(/\/sign-in/);
  await here.reload();
  await expect(here.getByTestId("session-row")).toHaveCount(1);
  await expect(here.getByText("Signed in nowhere else.")).toBeVisible();
  await here.setViewportSize({ width: 390, height: 844 });
  await lookAt(here, "test-results/screens/account-sessions-390.png", { fullPage: true });
  expect(await here.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await first.close();
  await second.close();
});

test("an administrator signs a person out everywhere from People; their next click in each browser is the sign-in page", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `everywhere-${Date.now().toString(36)}@e2e.test`;
  const oneTime = await addPerson(page, { email, name: "Signed out by admin", role: "support" });
  const browsers = [await blankContext(browser, baseURL), await blankContext(browser, baseURL)];
  const [one, two] = [await browsers[0]?.newPage(), await browsers[1]?.newPage()];
  if (!one || !two) throw new Error("no pages");
  await signInWith(one, { email, password: oneTime });
  const password = await choosePassword(one, oneTime);
  await signInWith(two, { email, password });

  await page.goto("/admin/users");
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  await row.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: `Sign ${email} out everywhere?` });
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText(`${email} is signed out everywhere`)).toBeVisible();
  await expect(page.getByText("2 sessions ended.")).toBeVisible();
  for (const p of [one, two]) {
    await p.goto("/account");
    await expect(p).toHaveURL(/\/sign-in/);
  }
  // Nothing else changed: the same password signs in again.
  await signInWith(one, { email, password });
  await expect(one.locator("aside").getByTestId("user-role")).toHaveText("Support");
  for (const c of browsers) await c?.close();
});
