import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { VALID, apiKeys, fillIndividual, signIn } from "./support/settlement";
import { typeInto } from "./support/forms";

/** Every file under a directory, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const keys = apiKeys();

test("the API keys are configured for this run", () => {
  expect(keys.length).toBeGreaterThan(0);
});

test("no API key appears in any file under .next/static", () => {
  const leaks: string[] = [];
  for (const file of files(".next/static")) {
    const text = readFileSync(file, "latin1");
    for (const key of keys) if (text.includes(key)) leaks.push(file);
  }
  expect(leaks).toEqual([]);
});

test("no API key appears in any HTML page or any action response", async ({ page, context }) => {
  await context.clearCookies();
  await signIn(page);
  const bodies: Array<{ url: string; body: string }> = [];
  // An action's answer is read whole here before the page gets it (a listener loses a body that a
  // navigation discards, 3 Dec): its text is in `bodies` by the time the page shows the result.
  await page.route("**/*", async (route) => {
    const req = route.request();
    if (req.method() !== "POST" || !req.headers()["next-action"]) return route.fallback();
    const response = await route.fetch();
    const body = await response.text();
    bodies.push({ url: `action ${req.url()}`, body });
    await route.fulfill({ response, body });
  });
  page.on("response", async (res) => {
    const req = res.request();
    const isDocument = req.resourceType() === "document";
    const isRsc = Boolean(req.headers().rsc) && !req.headers()["next-action"];
    if (!isDocument && !isRsc) return;
    try {
      bodies.push({ url: `${isRsc ? "rsc" : "html"} ${res.url()}`, body: await res.text() });
    } catch {
      /* a redirect or aborted navigation has no body */
    }
  });

  for (const path of [
    "/",
    "/rates",
    "/settlement-requests",
    "/settlement-requests/new",
    "/payments",
    "/disbursements",
    "/sandbox",
    "/v1-payments",
    "/settings",
  ]) {
    await page.goto(path);
  }
  // Actions: a quote, a create, a read, a move.
  await page.goto(
    "/rates?sourceCurrencyCode=USDC&sourceRail=SOLANA&destinationCurrencyCode=EUR&destinationRail=LOCAL&destinationCountryCode=DE&sourceAmount=10",
  );
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("quote-source-amount")).toHaveText("10.00 USDC");
  await typeInto(page.getByLabel("You send"), "11");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("quote-source-amount")).toHaveText("11.00 USDC");
  await page.goto("/settlement-requests/new");
  await typeInto(page.getByLabel(/Amount the recipient gets/), "10");
  await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
  await typeInto(page.getByLabel("IBAN"), VALID.ibanDE);
  await fillIndividual(page);
  await page.getByRole("button", { name: "Create settlement request" }).click();
  await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  await page.getByRole("button", { name: "Cancel request" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByTestId("request-status")).toContainText("Request canceled");

  // The quotes, the create and the cancel: each answer read whole before the page showed it.
  expect(bodies.filter((b) => b.url.startsWith("action")).length).toBeGreaterThanOrEqual(4);
  expect(bodies.some((b) => b.url.startsWith("html"))).toBe(true);
  const leaks = bodies.filter((b) => keys.some((k) => b.body.includes(k))).map((b) => b.url);
  expect(leaks).toEqual([]);
});
