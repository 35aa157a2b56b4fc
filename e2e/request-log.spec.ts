import { execFileSync } from "node:child_process";
import { expect, test } from "./fixtures/auth";
import { createRequest } from "./support/inbox";
import { sandboxKey, watchErrors } from "./support/settlement";
import { requestLogBarrier } from "./support/request-log";
import { lookAt } from "./support/screens";

test.use({ role: "developer" });

test("request log: a request's API calls from its page, both bodies, and a curl that runs as it reads (key as a placeholder, bank identifiers flagged as masked)", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const req = await createRequest(request);
  await page.goto(`/settlement-requests/${req.id}`);
  await requestLogBarrier(request, sandboxKey()); // the creating call's entry is written by now
  await page.getByTestId("request-calls-link").click();
  await expect(page).toHaveURL(new RegExp(`/request-log\\?resource=${req.id}`));
  const calls = page.getByTestId("api-call");
  const created = calls.filter({ hasText: "POST" }).filter({ hasText: "/v0/settlement-requests" });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText("201");

  // The page carries summaries only: the bodies are read when a call is opened.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain(`/v0/settlement-requests/${req.id}`);
  expect(html).not.toContain(req.externalId);
  // A read that fails says so and offers another try.
  await page.route("**/live/request-logs/**", (route) => route.abort());
  await created.locator("summary").click();
  await expect(created.getByRole("alert")).toContainText("could not be loaded");
  await page.unroute("**/live/request-logs/**");
  await created.getByRole("button", { name: "Try again" }).click();
  await expect(created.getByTestId("call-resource")).toHaveText(req.id);
  await expect(created).toContainText(req.externalId); // the request body as sent
  const curl = (await created.getByTestId("call-curl").textContent()) ?? "";
  expect(curl).toContain("X-Api-Key: $SETTLEMENT_API_KEY");
  expect(curl).not.toContain(sandboxKey());
  expect(curl).toContain("Idempotency-Key:");

  // The creating call carried an IBAN: masked in the log, and the page says so.
  await expect(created.getByTestId("call-masked-note")).toBeVisible();

  // The console's own read of the request, pasted into a shell with the key in the variable,
  // sends the same call and gets the request.
  const read = calls
    .filter({ hasText: "GET" })
    .filter({ hasText: `/v0/settlement-requests/${req.id}` })
    .first();
  await read.locator("summary").click();
  const readCurl = (await read.getByTestId("call-curl").textContent()) ?? "";
  expect(readCurl).toContain("X-Api-Key: $SETTLEMENT_API_KEY");
  const output = execFileSync("sh", ["-c", `${readCurl} --silent --include`], {
    env: { ...process.env, SETTLEMENT_API_KEY: sandboxKey() },
  }).toString();
  expect(output).toMatch(/^HTTP\/1\.1 200/);
  expect(output).toContain(`"id":"${req.id}"`);

  await lookAt(page, "test-results/screens/request-log.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await lookAt(page, "test-results/screens/request-log-390.png", { fullPage: true });
  // (the one read this test made fail on purpose aside)
  expect(errors.filter((e) => !e.includes("/live/request-logs/"))).toEqual([]);
});
