import { adminCredentials } from "./support/settlement";
import { expect, signInWith, signOut, test } from "./fixtures/auth";
import { postServerAction, serverAction } from "./fixtures/server-actions";
import { typeInto } from "./support/forms";
import { CONSOLE_PAGES } from "../lib/dashboard/console-routes";
import { lookAt } from "./support/screens";

test.describe("without a session", () => {
  test.use({ role: null });

  test("every console page is the sign-in page, and nothing else is sent", async ({ page, request }) => {
    for (const path of CONSOLE_PAGES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(307);
      expect(response.headers().location, path).toMatch(/^\/sign-in(\?next=|$)/);
      expect(await response.text(), path).not.toContain("Money movement");
    }
    await page.goto("/admin/api-keys");
    await expect(page).toHaveURL("/sign-in?next=%2Fadmin%2Fapi-keys");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Settlement Console" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Sections" })).toHaveCount(0);
  });

  test("better-auth's own password endpoints are closed: the sign-in form's throttle and audit are the only door", async ({
    request,
    baseURL,
  }) => {
    const { email, password } = adminCredentials();
    const headers = { Origin: baseURL ?? "", "Content-Type": "application/json" };
    const signIn = await request.post("/api/auth/sign-in/email", { data: { email, password }, headers });
    expect(signIn.status()).toBe(404);
    expect(signIn.headers()["set-cookie"] ?? "").not.toContain("session_token");
    const change = await request.post("/api/auth/change-password", {
      data: { currentPassword: password, newPassword: "x".repeat(16) },
      headers,
    });
    expect(change.status()).toBe(404);
  });

  test("a made-up session cookie gets the sign-in page too, and actions answer unauthorized", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "console.session_token", value: "forged.token", url: baseURL ?? "" }]);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/sign-in/);
    const action = serverAction("createApiKey", "lib/api-keys/actions/create-api-key.ts");
    const response = await postServerAction(
      page.request,
      action,
      [{ environment: "sandbox", label: "forged-cookie" }],
      { Origin: baseURL ?? "" },
    );
    expect(await response.text()).toContain("unauthorized");
  });

  test("the liveness check answers without a session, and /api/health/anything is still the sign-in page", async ({
    request,
  }) => {
    const health = await request.get("/api/health", { maxRedirects: 0 });
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    const other = await request.get("/api/healthz", { maxRedirects: 0 });
    expect(other.status()).toBe(307);
  });

  test("a server action without a cookie gets a bare 401", async ({ request, baseURL }) => {
    const action = serverAction("createApiKey", "lib/api-keys/actions/create-api-key.ts");
    const response = await postServerAction(request, action, [{ environment: "sandbox", label: "no-cookie" }], {
      Origin: baseURL ?? "",
    });
    expect(response.status()).toBe(401);
  });

  test("five wrong passwords lock that email from this address; a forged X-Forwarded-For does not get around it; the trail shows it", async ({
    browser,
    baseURL,
    signInAs,
  }) => {
    test.setTimeout(150_000); // eight fresh browsers, each signing in
    const email = `locked-${Date.now().toString(36)}@e2e.test`;
    const attempt = async (forwardedFor?: string) => {
      const context = await browser.newContext({
        baseURL,
        storageState: { cookies: [], origins: [] },
        extraHTTPHeaders: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
      });
      const page = await context.newPage();
      await page.goto("/sign-in");
      await typeInto(page.getByLabel("Email"), email);
      await typeInto(page.getByLabel("Password"), "wrong-password-guess");
      await page.getByRole("button", { name: "Sign in" }).click();
      const alert = page.getByText(/Email or password is incorrect|Too many failed attempts/).first();
      await expect(alert).toBeVisible();
      const text = (await alert.textContent()) ?? "";
      await context.close();
      return text;
    };
    for (let i = 0; i < 5; i++) expect(await attempt()).toContain("Email or password is incorrect");
    expect(await attempt()).toMatch(/Too many failed attempts\. Try again in 1[45] minutes/);
    // Without TRUSTED_PROXY the header is the client's own claim: still the same address.
    expect(await attempt(`198.51.100.${Math.floor(Math.random() * 200)}`)).toContain("Too many failed attempts");

    // An email that is nobody's: its failures are one row per address and hour, counting repeats (no audit flood).
    const admin = await signInAs("admin");
    await admin.goto("/admin/audit");
    await expect(admin.getByText("unknown emails").first()).toBeVisible();
    await expect(admin.getByTestId("audit-repeats").first()).toContainText("times this hour");
  });

  test("sign-in puts errors on the fields, then returns to the page asked for", async ({ page }) => {
    await page.goto("/payments");
    await expect(page).toHaveURL("/sign-in?next=%2Fpayments");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter your email address")).toBeVisible();
    await expect(page.getByText("Enter your password")).toBeVisible();

    const admin = adminCredentials();
    await typeInto(page.getByLabel("Email"), admin.email);
    await typeInto(page.getByLabel("Password"), "not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Email or password is incorrect.")).toBeVisible();
    await lookAt(page, "test-results/screens/sign-in-error.png");

    await typeInto(page.getByLabel("Password"), admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/payments");
    await expect(page.locator("aside").getByTestId("user-email")).toHaveText(admin.email);
    await expect(page.locator("aside").getByTestId("user-role")).toHaveText("Admin");
  });

  test("signing out ends the session: the old cookie opens nothing", async ({ page, browser, baseURL }) => {
    await signInWith(page, adminCredentials());
    await page.goto("/account");
    const cookies = await page.context().cookies();
    await signOut(page);
    await expect(page).toHaveURL("/sign-in");
    await page.goto("/");
    await expect(page).toHaveURL("/sign-in");

    const replay = await browser.newContext({ baseURL, storageState: { cookies, origins: [] } });
    const again = await replay.newPage();
    await again.goto("/account");
    await expect(again).toHaveURL(/\/sign-in/);
    await replay.close();
  });
});

test.describe("server actions and Origin", () => {
  test("an action posted with a foreign or null Origin never runs; the same call from our origin does", async ({
    page,
    baseURL,
  }) => {
    const action = serverAction("createApiKey", "lib/api-keys/actions/create-api-key.ts");
    const run = Date.now().toString(36);
    for (const origin of ["https://evil.example", "null"]) {
      const response = await postServerAction(
        page.request,
        action,
        [{ environment: "sandbox", label: `csrf ${origin === "null" ? "null" : "foreign"} ${run}` }],
        { Origin: origin },
      );
      expect(response.status(), origin).toBeGreaterThanOrEqual(400);
      expect(await response.text(), origin).not.toContain("sk_test_");
    }
    // The control: the very same request from the console's own origin runs (so the two above were refused, not malformed).
    const ok = await postServerAction(
      page.request,
      action,
      [{ environment: "sandbox", label: `csrf control ${run}` }],
      { Origin: baseURL ?? "" },
    );
    expect(ok.status()).toBe(200);
    expect(await ok.text()).toContain("sk_test_");

    await page.goto("/admin/api-keys?environment=sandbox");
    await expect(page.getByRole("cell", { name: `csrf control ${run}` })).toBeVisible();
    await expect(page.getByRole("cell", { name: new RegExp(`csrf (foreign|null) ${run}`) })).toHaveCount(0);
  });
});
