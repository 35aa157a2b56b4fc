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
  page.on("response", async (res) => {
    const req = res.request();
    const isAction = req.method() === "POST" && Boolean(req.headers()["next-action"]);
    const isDocument = req.resourceType() === "document";
    const isRsc = Boolean(req.headers().rsc);
    if (!isAction && !isDocument && !isRsc) return;
    try {
      bodies.push({ url: `${isAction ? "action" : isRsc ? "rsc" : "html"} ${res.url()}`, body: await res.text() });
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
  // The quote's own action answer, read here whole (the listener above may lose a body the next page discards).
  const quoted = page.waitForResponse(
    (res) => res.request().method() === "POST" && Boolean(res.request().headers()["next-action"]),
  );
  await typeInto(page.getByLabel("You send"), "11");
  await page.getByRole("button", { name: "Get quote" }).click();
  const answer = await quoted;
  // Whole when the browser still has it: the rates page replaces its URL with the quote's query, and a
  // body read after that navigation is gone (the create and cancel below are read as well).
  const quoteBody = await answer.text().catch(() => null);
  if (quoteBody !== null) bodies.push({ url: `action ${answer.url()}`, body: quoteBody });
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

  // The bodies are read as the responses arrive (asynchronously): wait until the last ones are in.
  await expect.poll(() => bodies.some((b) => b.url.startsWith("action"))).toBe(true);
  expect(bodies.some((b) => b.url.startsWith("html"))).toBe(true);
  const leaks = bodies.filter((b) => keys.some((k) => b.body.includes(k))).map((b) => b.url);
  expect(leaks).toEqual([]);
});
