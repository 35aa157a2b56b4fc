import { countByExternalId, createRequestViaApi, offrampBody, unique } from "./support/settlement";
import { addPerson, blankContext, choosePassword, expect, signInWith, signOut, test } from "./fixtures/auth";
import { postServerAction, serverAction } from "./fixtures/server-actions";
import { choose, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.describe("support", () => {
  test.use({ role: "support" });

  test("finds and reads a request but sees no create button, and a crafted create is refused", async ({
    page,
    request,
    baseURL,
  }) => {
    const externalId = unique("support-read");
    await createRequestViaApi(request, externalId);

    await page.goto(`/settlement-requests?external_id=${encodeURIComponent(externalId)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Settlement requests" })).toBeVisible();
    // Hiding the button is the page's job (app/(dashboard)/settlement-requests, with can()); the server refuses regardless.
    await expect.soft(page.getByRole("link", { name: /New settlement request/ })).toHaveCount(0);
    await page.getByRole("link", { name: externalId }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Request ${externalId}` })).toBeVisible();
    await lookAt(page, "test-results/screens/support-request.png", { fullPage: true });

    // createSettlementRequest is lib/settlement-requests/actions/create-settlement-request.ts (the dashboard's own action).
    const action = serverAction("createSettlementRequest");
    const forged = unique("support-forged");
    const response = await postServerAction(
      page.request,
      action,
      [
        {
          idempotencyKey: unique("idem"),
          body: offrampBody(forged),
        },
        { environment: "sandbox" },
      ],
      { Origin: baseURL ?? "" },
    );
    expect(await response.text()).toContain("forbidden");
    expect(await countByExternalId(request, forged)).toBe(0);
  });

  test("sees no Admin section, and the admin pages and actions refuse", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(page.locator("aside").getByTestId("user-role")).toHaveText("Support");
    await expect(page.locator("aside").getByRole("link", { name: "People" })).toHaveCount(0);
    await page.goto("/admin/users");
    await expect(page.getByText("Not available for your role")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add person" })).toHaveCount(0);

    const response = await postServerAction(
      page.request,
      serverAction("createApiKey", "lib/api-keys/actions/create-api-key.ts"),
      [{ environment: "production", label: "support" }],
      {
        Origin: baseURL ?? "",
      },
    );
    const text = await response.text();
    expect(text).toContain("forbidden");
    expect(text).not.toContain("sk_live_");
  });
});

test.describe("admin", () => {
  test("revokes a key in the admin page and the service answers 401 to it at once", async ({ page, request }) => {
    await page.goto("/admin/api-keys?environment=sandbox");
    await page.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog");
    await typeInto(dialog.getByLabel("Label"), "e2e revoke");
    await dialog.getByRole("button", { name: "Create key" }).click();
    const key = ((await dialog.getByTestId("one-time-secret").textContent()) ?? "").trim();
    expect(key).toMatch(/^sk_test_/);
    await lookAt(page, "test-results/screens/admin-key-created.png");
    await dialog.getByRole("button", { name: "Done" }).click();

    const before = await request.get("/v0/settlement-requests", { headers: { "X-Api-Key": key } });
    expect(before.status()).toBe(200);

    const row = page.locator(`[data-testid="key-row"][data-prefix="${key.slice(0, 14)}"]`);
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: /Revoke/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(row.getByText("Revoked")).toBeVisible();

    const after = await request.get("/v0/settlement-requests", { headers: { "X-Api-Key": key } });
    expect(after.status()).toBe(401);
    await lookAt(page, "test-results/screens/admin-keys.png", { fullPage: true });

    await page.goto("/admin/audit?action=revokeApiKey&result=ok");
    await expect(page.getByTestId("audit-row").first()).toContainText(key.slice(0, 14));
    await expect(page.locator("main")).not.toContainText(key.slice(14));
    await lookAt(page, "test-results/screens/admin-audit.png", { fullPage: true });
  });

  test("a new role or a disabled account takes effect at the person's next click", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `${unique("person")}@e2e.test`;
    const oneTime = await addPerson(page, { email, name: "Fran Finance", role: "finance" });
    await lookAt(page, "test-results/screens/admin-people.png", { fullPage: true });

    // A clean context: test contexts would otherwise start with this test's (admin) session.
    const theirs = await blankContext(browser, baseURL);
    const them = await theirs.newPage();
    await signInWith(them, { email, password: oneTime });
    const password = await choosePassword(them, oneTime);
    await expect(them.locator("aside").getByTestId("user-role")).toHaveText("Finance");

    const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
    await choose(row.getByLabel(`Role of ${email}`), "support");
    await expect(row.getByTestId("role-badge")).toHaveText("Support");
    await them.reload();
    await expect(them.locator("aside").getByTestId("user-role")).toHaveText("Support");

    await row.getByRole("button", { name: "Disable" }).click();
    await expect(row.getByText("Disabled")).toBeVisible();
    await them.reload();
    await expect(them).toHaveURL(/\/sign-in/);
    await typeInto(them.getByLabel("Email"), email);
    await typeInto(them.getByLabel("Password"), password);
    await them.getByRole("button", { name: "Sign in" }).click();
    // The same words as a wrong password: a disabled account's sign-in never confirms the password.
    await expect(them.getByText("Email or password is incorrect.").first()).toBeVisible();
    await theirs.close();
  });
});

test.describe("your account", () => {
  test.use({ role: null });

  test("a generated password must be replaced at first sign-in; nothing else is offered until then", async ({
    page,
    signInAs,
  }) => {
    const admin = await signInAs("admin");
    const email = `${unique("pw")}@e2e.test`;
    const first = await addPerson(admin, { email, name: "Pat Developer", role: "developer" });

    await signInWith(page, { email, password: first });
    await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
    // Every page shows the same screen; no navigation, no data.
    await page.goto("/settlement-requests");
    await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
    await expect(page.locator("aside")).toHaveCount(0);
    await lookAt(page, "test-results/screens/forced-password-change.png", { fullPage: true });

    await typeInto(page.getByLabel("Current password"), "wrong-password-000");
    await typeInto(page.getByLabel(/^New password/), "a brand new passphrase");
    await typeInto(page.getByLabel("Repeat the new password"), "a brand new passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("This is not your current password.")).toBeVisible();

    await typeInto(page.getByLabel("Current password"), first);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.locator("aside").getByTestId("user-role")).toHaveText("Developer");
    await page.goto("/account");
    await lookAt(page, "test-results/screens/account.png", { fullPage: true });

    await signOut(page);
    await signInWith(page, { email, password: "a brand new passphrase" });
    await expect(page.locator("aside").getByTestId("user-role")).toHaveText("Developer");
  });
});

test.describe("changing a password", () => {
  test.use({ role: null });

  test("is throttled like signing in: five wrong current passwords, then a wait", async ({ page, signInAs }) => {
    const admin = await signInAs("admin");
    const email = `${unique("guess")}@e2e.test`;
    const first = await addPerson(admin, { email, name: "Gus Guesser", role: "support" });
    await signInWith(page, { email, password: first });
    const chosen = await choosePassword(page, first);
    await page.goto("/account");
    const attempt = async () => {
      await typeInto(page.getByLabel("Current password"), "not-my-password-00");
      await typeInto(page.getByLabel(/^New password/), "another long passphrase");
      await typeInto(page.getByLabel("Repeat the new password"), "another long passphrase");
      await page.getByRole("button", { name: "Change password" }).click();
    };
    for (let i = 0; i < 5; i++) {
      await attempt();
      await expect(page.getByText("This is not your current password.")).toBeVisible();
      await page.reload();
    }
    await attempt();
    await expect(page.getByText(/Too many wrong passwords\. Try again in 1[45] minutes/)).toBeVisible();
    // Even the right password waits now.
    await typeInto(page.getByLabel("Current password"), chosen);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(/Too many wrong passwords/)).toBeVisible();
  });
});

test.describe("controls a role cannot use are not offered", () => {
  test.use({ role: null });

  const inProduction = async (page: import("@playwright/test").Page, baseURL: string | undefined) => {
    await page
      .context()
      .addCookies([{ name: "console_env", value: "production", url: baseURL ?? "http://localhost:3100" }]);
  };

  test("support reads endpoints and inboxes without New endpoint, New inbox or a quote form", async ({ signInAs }) => {
    const page = await signInAs("support");
    await page.goto("/webhooks");
    await expect(page.getByTestId("webhooks-read-only")).toContainText(
      "managing them needs the developer or admin role",
    );
    await expect(page.getByRole("button", { name: "New endpoint" })).toHaveCount(0);
    await page.goto("/inbox");
    await expect(page.getByRole("button", { name: "New inbox" })).toHaveCount(0);
    await expect(page.getByTestId("inbox-read-only")).toBeVisible();
    await page.goto("/rates");
    await expect(page.getByText("Quotes are for the finance and admin roles.")).toBeVisible();
    await expect(page.getByRole("button", { name: /quote/i })).toHaveCount(0);
    await lookAt(page, "test-results/screens/support-rates.png", { fullPage: true });
  });

  test("a developer gets the sandbox's controls, and in production no form to fill in and be refused", async ({
    signInAs,
    baseURL,
  }) => {
    const page = await signInAs("developer");
    await page.goto("/webhooks");
    await expect(page.getByRole("button", { name: "New endpoint" })).toBeVisible();
    await page.goto("/inbox");
    await expect(page.getByRole("button", { name: "New inbox" }).first()).toBeVisible();

    await inProduction(page, baseURL);
    await page.goto("/webhooks");
    await expect(page.getByText("Production").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "New endpoint" })).toHaveCount(0);
    await expect(page.getByTestId("webhooks-read-only")).toContainText(
      "changing them in production needs the admin role",
    );
    await page.goto("/inbox");
    await expect(page.getByRole("button", { name: "New inbox" })).toHaveCount(0);
    await page.goto("/settlement-requests/new");
    await expect(page.getByText("Your role cannot create settlement requests in production.")).toBeVisible();
    await expect(page.getByRole("button", { name: /create/i })).toHaveCount(0);
    await lookAt(page, "test-results/screens/developer-production-webhooks.png", { fullPage: true });
  });
});
