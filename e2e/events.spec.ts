import { expect, test } from "./fixtures/auth";
import { createRequest, patchStatus } from "./support/inbox";
import { watchErrors } from "./support/settlement";
import { choose } from "./support/forms";
import { lookAt } from "./support/screens";

test.use({ role: "developer" });

test("events: a request's events, newest first, found by its id, each with its payload and deliveries", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const req = await createRequest(request);
  await patchStatus(request, req.id, "PAYIN_UNDER_REVIEW");

  // From the request's page: "did the merchant get notified?"
  await page.goto(`/settlement-requests/${req.id}`);
  await page.getByTestId("request-events-link").click();
  await expect(page).toHaveURL(new RegExp(`/events\\?resource=${req.id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(page.getByLabel("Event, request or external id")).toHaveValue(req.id);
  const events = page.getByTestId("event");
  await expect(events.first()).toContainText("settlement_request.updated");
  await expect(events.first()).toContainText("Payin under review");
  await expect(events.filter({ hasText: "settlement_request.created" })).toHaveCount(1);
  // Only this request's events (and its payments'), never another's.
  for (const text of await events.allTextContents())
    expect(text.includes(req.id) || /pay_|payment\./.test(text)).toBe(true);

  await events.first().getByText("Payload").click();
  await expect(events.first().getByTestId("raw-json")).toContainText(`"id": "${req.id}"`);

  await choose(page.getByLabel("Type"), "settlement_request.created");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(events).toHaveCount(1);
  await lookAt(page, "test-results/screens/events.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await lookAt(page, "test-results/screens/events-390.png", { fullPage: true });
  expect(errors).toEqual([]);
});
