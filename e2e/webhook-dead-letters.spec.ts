/**
 * Dead letters (issue 63), on the clock journeys' console: an endpoint down for the whole retry
 * schedule (ten attempts over four weeks of sandbox time) leaves a dead letter; a developer finds
 * it under "Dead letters" with its last answer and sends it again once the receiver is back.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./fixtures/auth";
import { localReceiver } from "./support/receiver";
import { lookAt } from "./support/screens";
import { createRequestViaApi, sandboxKey } from "./support/settlement";

test.use({ role: "developer" });

/** Seconds between attempts after the first (the document's schedule): 1 min … 2 w. */
const DELAYS = [60, 300, 900, 3_600, 86_400, 2 * 86_400, 4 * 86_400, 7 * 86_400, 14 * 86_400];

test("an endpoint down for the whole schedule leaves a dead letter; it is sent again from the Dead letters view", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  let down = true;
  const { url, bodies, close } = await localReceiver(() =>
    down ? { status: 503, body: "down for maintenance" } : { status: 200, body: "ok" },
  );
  const headers = { "X-Api-Key": sandboxKey() };
  const made = await request.post("/v0/webhooks", { headers, data: { url, events: ["settlement_request.created"] } });
  const { id } = (await made.json()) as { id: string };
  const attempts = async () => {
    const res = await request.get(`/v0/webhooks/${id}/deliveries`, { headers });
    const [d] = ((await res.json()) as { data: Array<{ status: string; attempt_count: number }> }).data;
    return d ?? { status: "none", attempt_count: 0 };
  };
  try {
    const created = await createRequestViaApi(request, `dead-${randomUUID().slice(0, 8)}`);
    await expect.poll(async () => (await attempts()).attempt_count).toBe(1);
    for (const [i, seconds] of DELAYS.entries()) {
      const moved = await request.post("/v0/sandbox/clock/advance", { headers, data: { seconds: seconds + 1 } });
      expect(moved.status()).toBe(200);
      await expect.poll(async () => (await attempts()).attempt_count).toBe(i + 2);
    }
    await expect.poll(async () => (await attempts()).status).toBe("FAILED");

    await page.goto(`/webhooks?endpoint=${id}`);
    const card = page.locator(`[data-testid="endpoint"][data-webhook-id="${id}"]`);
    await card.getByRole("button", { name: "Dead letters" }).click();
    const dead = card.getByRole("list", { name: "Dead letters" }).getByTestId("delivery");
    await expect(dead).toHaveCount(1);
    await expect(dead).toHaveAttribute("data-status", "FAILED");
    await expect(dead).toContainText("10 attempts");
    await expect(dead.getByTestId("attempt").last()).toContainText("down for maintenance");
    await lookAt(page, "test-results/screens/webhook-dead-letters-1440.png", { fullPage: true });

    down = false;
    await card.getByRole("button", { name: "Send all again" }).click();
    await page
      .getByRole("dialog", { name: "Send 1 dead letter again?" })
      .getByRole("button", { name: "Send them again" })
      .click();
    await expect(page.getByText("1 dead letter sent again, oldest first")).toBeVisible();
    await expect.poll(async () => (await attempts()).status).toBe("SUCCEEDED");
    expect(bodies.at(-1)).toContain(created.id);
    await expect(card.getByTestId("deliveries-empty")).toContainText("No dead letters", { timeout: 15_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await request.delete(`/v0/webhooks/${id}`, { headers });
    await close();
  }
});
