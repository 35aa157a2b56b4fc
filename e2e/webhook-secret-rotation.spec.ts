/**
 * Rolling a webhook endpoint's secret with an overlap (issue 63), on the clock journeys' console
 * (the overlap ends on the sandbox clock). A developer rolls the secret on the endpoint's page;
 * a receiver checks every delivery with Stripe's own verifier: during the overlap both the old
 * and the new secret verify, after it only the new one.
 */
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import Stripe from "stripe";
import { expect, test } from "./fixtures/auth";
import { choose } from "./support/forms";
import { startReceiver } from "./support/listen";
import { lookAt } from "./support/screens";
import { createRequestViaApi, sandboxKey } from "./support/settlement";

test.use({ role: "developer" });

const stripe = new Stripe("sk_test_unused");
const verifies = (body: Buffer, header: string, secret: string) => {
  try {
    stripe.webhooks.constructEvent(body, header, secret);
    return true;
  } catch {
    return false;
  }
};

test("roll a secret with a one-hour overlap: both secrets verify during it, only the new one after it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver(null);
  const headers = { "X-Api-Key": sandboxKey() };
  const made = await request.post("/v0/webhooks", {
    headers,
    data: { url: receiver.url, events: ["settlement_request.created"] },
  });
  expect(made.status()).toBe(201);
  const { id, secret: oldSecret } = (await made.json()) as { id: string; secret: string };
  try {
    await page.goto(`/webhooks?endpoint=${id}`);
    const card = page.locator(`[data-testid="endpoint"][data-webhook-id="${id}"]`);
    await card.getByRole("button", { name: "Roll secret" }).click();
    const dialog = page.getByRole("dialog", { name: "Roll the signing secret?" });
    await choose(dialog.getByLabel("The old secret keeps signing for"), { label: "1 hour" });
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
    await dialog.getByRole("button", { name: "Roll secret" }).click();
    const rolled = page.getByRole("dialog", { name: "Secret rolled" });
    const newSecret = ((await rolled.getByTestId("one-time-secret").textContent()) ?? "").trim();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    await expect(rolled.getByTestId("old-secret-until")).toContainText("The old secret signs too until");
    await lookAt(page, "test-results/screens/webhook-secret-rolled-1440.png");
    await rolled.getByRole("button", { name: "Done" }).click();
    await expect(card.getByTestId("old-secret-expiry")).toContainText("The old secret signs too until");

    // During the overlap: one delivery, two signatures, each secret verifies it.
    const first = await createRequestViaApi(request, `rot-${randomUUID().slice(0, 8)}`);
    await expect.poll(() => receiver.received.filter((r) => r.body.includes(first.id)).length).toBe(1);
    const during = receiver.received.find((r) => r.body.toString().includes(first.id));
    expect(during?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifies(during?.body ?? Buffer.alloc(0), during?.signature ?? "", newSecret)).toBe(true);
    expect(verifies(during?.body ?? Buffer.alloc(0), during?.signature ?? "", oldSecret)).toBe(true);

    // An hour later on the sandbox clock: the old secret no longer signs.
    const advanced = await request.post("/v0/sandbox/clock/advance", { headers, data: { seconds: 3_601 } });
    expect(advanced.status()).toBe(200);
    const second = await createRequestViaApi(request, `rot-${randomUUID().slice(0, 8)}`);
    await expect.poll(() => receiver.received.filter((r) => r.body.includes(second.id)).length).toBe(1);
    const after = receiver.received.find((r) => r.body.toString().includes(second.id));
    expect(after?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifies(after?.body ?? Buffer.alloc(0), after?.signature ?? "", newSecret)).toBe(true);
    expect(verifies(after?.body ?? Buffer.alloc(0), after?.signature ?? "", oldSecret)).toBe(false);

    // The endpoint's page (opened by its link) says when it was rolled, and no overlap any more.
    await page.reload();
    await expect(card).toContainText("secret rolled");
    await expect(card.getByTestId("old-secret-expiry")).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await request.delete(`/v0/webhooks/${id}`, { headers });
    await receiver.stop();
  }
});
