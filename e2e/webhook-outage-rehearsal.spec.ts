/**
 * The outage rehearsal (issue 63, item 7), on the clock journeys' console: a developer makes an
 * endpoint fail for four days of sandbox time, moves the clock from the endpoint's card and watches
 * the schedule spend its attempts (nothing reaches the receiver), the warning after a day and the
 * turning off after three; then practises the recovery: end the outage, enable the endpoint with what
 * it missed replayed, and send the waiting delivery now.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures/auth";
import { choose } from "./support/forms";
import { localReceiver } from "./support/receiver";
import { lookAt } from "./support/screens";
import { createRequestViaApi, sandboxKey } from "./support/settlement";

test.use({ role: "developer" });

test("an outage rehearsed on the sandbox clock: attempts, warning, turned off, and the recovery", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { url, bodies, close } = await localReceiver();
  const headers = { "X-Api-Key": sandboxKey() };
  const made = await request.post("/v0/webhooks", { headers, data: { url, events: ["settlement_request.created"] } });
  const { id } = (await made.json()) as { id: string };
  const delivery = async () => {
    const res = await request.get(`/v0/webhooks/${id}/deliveries`, { headers });
    const list = ((await res.json()) as { data: Array<{ event_id: string; status: string; attempt_count: number }> })
      .data;
    // The first event's delivery: the oldest (the list is newest first).
    return list.at(-1) ?? { event_id: "", status: "none", attempt_count: 0 };
  };
  const reached = (requestId: string) => bodies.filter((b) => b.includes(requestId)).length;
  try {
    await page.goto(`/webhooks?endpoint=${id}`);
    const card = page.locator(`[data-testid="endpoint"][data-webhook-id="${id}"]`);
    await card.getByRole("button", { name: "Rehearse an outage" }).click();
    const dialog = page.getByRole("dialog", { name: "Rehearse an outage" });
    await choose(dialog.getByLabel("For"), "96");
    await expect(dialog.getByRole("checkbox")).toBeChecked();
    await dialog.getByRole("button", { name: "Start the outage" }).click();
    await expect(card.getByTestId("endpoint-outage")).toContainText("every attempt answers HTTP 500, nothing is sent");

    // The first attempt fails at once, without a request.
    const first = await createRequestViaApi(request, `outage-${randomUUID().slice(0, 8)}`);
    await expect.poll(async () => (await delivery()).attempt_count).toBe(1);
    await expect(card.getByTestId("endpoint-health")).toHaveAttribute("data-state", "FAILING");
    await expect(card.getByTestId("endpoint-health")).toContainText("Failing since");
    await expect(card.getByTestId("endpoint-health")).toContainText("the last: HTTP 500");

    // Four hours, an attempt each: under a day, not warned yet.
    const forward = (step: string) => card.getByRole("button", { name: `Move the sandbox clock forward ${step}` });
    for (let n = 2; n <= 5; n++) {
      await forward("1 h").click();
      await expect.poll(async () => (await delivery()).attempt_count).toBe(n);
    }
    await expect(card.getByTestId("endpoint-health")).not.toContainText("was warned");
    // A day on: the sixth attempt fails after a day of failures, and the account is warned.
    await forward("1 day").click();
    await expect.poll(async () => (await delivery()).attempt_count).toBe(6);
    await expect(card.getByTestId("endpoint-health")).toContainText("The account was warned", { timeout: 15_000 });
    await expect(card.getByTestId("endpoint-health")).toContainText("It is turned off");
    // Two more days: the seventh attempt, three days of failures, and the endpoint is turned off.
    await forward("1 day").click();
    await expect(page.getByText(/Sandbox time is now/).first()).toBeVisible();
    await forward("1 day").click();
    await expect.poll(async () => (await delivery()).attempt_count).toBe(7);
    await expect(card.getByTestId("endpoint-health")).toHaveAttribute("data-state", "DISABLED", { timeout: 15_000 });
    await expect(card.getByTestId("endpoint-health")).toContainText(
      "Turned off after 72 hours of only failed deliveries",
    );
    await expect(card).toContainText("Disabled");
    const events = await request.get(`/v0/events?resource_id=${id}`, { headers });
    expect(((await events.json()) as { data: Array<{ type: string }> }).data.map((e) => e.type)).toEqual([
      "webhook_endpoint.disabled",
      "webhook_endpoint.failing",
    ]);
    expect(reached(first.id)).toBe(0);
    await lookAt(page, "test-results/screens/webhook-outage-turned-off-1440.png", { fullPage: true });

    // Recovery: the receiver is fine again (end the outage); an event made while it was off is missed.
    const missed = await createRequestViaApi(request, `missed-${randomUUID().slice(0, 8)}`);
    await card.getByRole("button", { name: "End the outage" }).click();
    await expect(card.getByTestId("endpoint-outage")).toHaveCount(0);
    await card.getByRole("button", { name: "Enable" }).click();
    const enable = page.getByRole("dialog", { name: "Enable this endpoint?" });
    await expect(enable.getByTestId("enable-endpoint")).toContainText("1 delivery");
    await expect(enable.getByRole("checkbox")).toBeChecked();
    await enable.getByRole("button", { name: "Enable" }).click();
    await expect(page.getByText("1 missed delivery is being sent, oldest first.")).toBeVisible();
    await expect.poll(() => reached(missed.id)).toBe(1);
    await expect(card.getByTestId("endpoint-health")).toHaveCount(0);

    // The delivery that waited while it was off: sent now from the log (open since the page opened on it).
    const waiting = card.locator(`[data-testid="delivery"][data-event-id="${(await delivery()).event_id}"]`);
    await expect(waiting).toContainText("7 attempts");
    await waiting.getByRole("button", { name: "Retry now" }).click();
    await expect.poll(() => reached(first.id)).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    // Once the toasts have slid in: nothing wider than the phone.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await lookAt(page, "test-results/screens/webhook-outage-recovered-390.png", { fullPage: true });
  } finally {
    await request.delete(`/v0/webhooks/${id}`, { headers });
    await close();
  }
});
