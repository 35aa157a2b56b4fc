/**
 * Provisioning from a company's directory (issue 61), journey: an administrator connects a
 * directory on the People page (its token shown once) and maps the directory's group to Finance;
 * the directory, as Okta does, creates a person and puts them in that group; the administrator
 * sees them on People, gives them a one-time password, and they sign in in another browser. The
 * directory then deactivates them (PATCH active false): their open session ends at their next
 * click, well within 60 s. Screens at 1440 and 390 px.
 */
import type { APIRequestContext } from "@playwright/test";
import { choosePassword, expect, signInWith, test } from "./fixtures/auth";
import { choose, typeInto } from "./support/forms";
import { whenHydrated } from "./support/hydration";
import { lookAt } from "./support/screens";

const stamp = Date.now().toString(36);
const DIRECTORY = `Okta E2E ${stamp}`;
const GROUP = `Finance Team ${stamp}`;
const EMAIL = `scim-${stamp}@e2e.test`;
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

const scim = (request: APIRequestContext, token: string) => {
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/scim+json" };
  return {
    post: (path: string, data: unknown) => request.post(`/scim/v2/${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`/scim/v2/${path}`, { headers, data }),
    get: (path: string) => request.get(`/scim/v2/${path}`, { headers }),
  };
};

test("a directory provisions a person into a mapped group, and its deactivation ends their open session", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.goto("/admin/users");
  const card = page.getByTestId("directories");
  await whenHydrated(card.getByRole("button", { name: "Connect a directory" }));
  await typeInto(card.getByLabel("Directory name"), DIRECTORY);
  await card.getByRole("button", { name: "Connect a directory" }).click();
  const made = card.getByTestId("directory-made");
  await expect(made).toContainText(`${DIRECTORY} is connected`);
  await expect(made.getByTestId("scim-url")).toHaveText(`${baseURL}/scim/v2`);
  const token = ((await made.getByTestId("one-time-secret").textContent()) ?? "").trim();
  expect(token).toMatch(/^scim_[\w-]{43}$/);
  await lookAt(page, "test-results/screens/scim-directory-made-1440.png", { fullPage: true });
  await made.getByRole("button", { name: "Done" }).click();

  // The directory's group gives Finance.
  const item = card.locator(`[data-testid="directory"][data-name="${DIRECTORY}"]`);
  await expect(item).toContainText("No group gives a role yet");
  await typeInto(item.getByLabel("Group name"), GROUP);
  await choose(item.getByLabel("Gives the role"), "finance");
  await item.getByRole("button", { name: "Map group" }).click();
  await expect(item.getByTestId("role-map")).toContainText(GROUP);

  // The directory, as Okta does: looks the person up, creates them, puts them in the group.
  const directory = scim(request, token);
  const none = await directory.get(`Users?filter=${encodeURIComponent(`userName eq "${EMAIL}"`)}`);
  expect((await none.json()).totalResults).toBe(0);
  const created = await directory.post("Users", {
    schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
    userName: EMAIL,
    name: { givenName: "Sam", familyName: "Directory" },
    active: true,
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  expect((await directory.post("Groups", { displayName: GROUP, members: [{ value: id }] })).status()).toBe(201);
  // A malformed request: a SCIM error naming the attribute.
  const bad = await directory.post("Users", { schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"] });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).detail).toContain("userName");

  // On People: from the directory, active, Finance; the administrator gives a one-time password.
  await page.reload();
  const row = page.locator(`[data-testid="user-row"][data-email="${EMAIL}"]`);
  await expect(row.getByTestId("provisioned-by")).toHaveText(`From ${DIRECTORY}`);
  await expect(row).toContainText("Active");
  await expect(row.getByLabel(/Role/)).toHaveValue("finance");
  await whenHydrated(row.getByRole("button", { name: "Reset password" }));
  await row.getByRole("button", { name: "Reset password" }).click();
  const oneTime = ((await page.getByRole("dialog").getByTestId("one-time-secret").textContent()) ?? "").trim();
  await page.getByRole("dialog").getByRole("button", { name: "Done" }).click();

  // They sign in in another browser.
  const theirs = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const them = await theirs.newPage();
    await signInWith(them, { email: EMAIL, password: oneTime });
    await choosePassword(them, oneTime);
    await them.goto("/settlement-requests");
    await expect(them.getByRole("heading", { name: "Settlement requests", level: 1 })).toBeVisible();

    // The directory deactivates them: their next click is the sign-in page.
    const started = Date.now();
    const off = await directory.patch(`Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "replace", value: { active: false } }],
    });
    expect(off.status()).toBe(200);
    expect((await off.json()).active).toBe(false);
    await expect
      .poll(
        async () => {
          await them.goto("/settlement-requests");
          return new URL(them.url()).pathname;
        },
        { timeout: 60_000 },
      )
      .toBe("/sign-in");
    expect(Date.now() - started).toBeLessThan(60_000);
  } finally {
    await theirs.close();
  }
  await page.reload();
  await expect(row.getByTestId("provisioned-by")).toHaveText(`From ${DIRECTORY} (deactivated there)`);
  await expect(row).toContainText("Disabled");
  await lookAt(page, "test-results/screens/scim-people-1440.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("directories").scrollIntoViewIfNeeded();
  await lookAt(page, "test-results/screens/scim-people-390.png", { fullPage: true });
});
