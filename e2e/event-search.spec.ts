/**
 * Support's one search (issue 63): "did the merchant's server get event X, when, and what did it
 * answer", from the request's external_id or the event's id, on the Events page: each delivery
 * with its endpoint's last answer (HTTP status and the start of the body).
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures/auth";
import { typeInto } from "./support/forms";
import { localReceiver } from "./support/receiver";
import { lookAt } from "./support/screens";
import { createRequestViaApi, sandboxKey } from "./support/settlement";

test.use({ role: "support" });

test("support finds a request's events by its external_id, and an event by its id, with what the server answered", async ({
  page,
  request,
}) => {
  const { url, close } = await localReceiver(() => ({ status: 202, body: "accepted by the merchant" }));
  const headers = { "X-Api-Key": sandboxKey() };
  const made = await request.post("/v0/webhooks", { headers, data: { url, events: ["settlement_request.created"] } });
  const { id: webhookId } = (await made.json()) as { id: string };
  try {
    const externalId = `ORDER-${randomUUID().slice(0, 8)}`;
    const created = await createRequestViaApi(request, externalId);
    const ours = async () => {
      const res = await request.get(`/v0/events?resource_id=${created.id}&type=settlement_request.created`, {
        headers,
      });
      const [event] = (
        (await res.json()) as { data: Array<{ id: string; deliveries: Array<{ webhook_id: string; status: string }> }> }
      ).data;
      return { eventId: event?.id ?? "", status: event?.deliveries.find((d) => d.webhook_id === webhookId)?.status };
    };
    await expect.poll(async () => (await ours()).status).toBe("SUCCEEDED");
    const { eventId } = await ours();

    await page.goto("/events");
    await typeInto(page.getByLabel("Event, request or external id"), externalId);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("events-taken-as")).toContainText(
      `the settlement request ${created.id} (external_id ${externalId})`,
    );
    const event = page.locator(`[data-testid="event"][data-event-id="${eventId}"]`);
    const delivery = event.getByTestId("event-delivery").filter({ hasText: url });
    await expect(delivery.getByTestId("delivery-answer")).toContainText("HTTP 202");
    await expect(delivery.getByTestId("delivery-answer")).toContainText("accepted by the merchant");
    // Support reads; it does not resend.
    await expect(delivery.getByRole("button", { name: /Resend/ })).toHaveCount(0);
    await lookAt(page, "test-results/screens/event-search-1440.png", { fullPage: true });

    await typeInto(page.getByLabel("Event, request or external id"), eventId);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByTestId("events-taken-as")).toContainText(`the event ${eventId}`);
    await expect(page.getByTestId("event")).toHaveCount(1);
    // Other journeys' endpoints get this event too (one of them unreachable): ours answered 202.
    await expect(
      page.getByTestId("event-delivery").filter({ hasText: url }).getByTestId("delivery-answer"),
    ).toContainText("HTTP 202");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await lookAt(page, "test-results/screens/event-search-390.png", { fullPage: true });
  } finally {
    await request.delete(`/v0/webhooks/${webhookId}`, { headers });
    await close();
  }
});
