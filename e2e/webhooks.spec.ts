import { expect, test } from "./fixtures/auth";
import { createInbox, createRequest, messageFor, patchStatus } from "./support/inbox";
import { sandboxKey, unique, watchErrors } from "./support/settlement";
import { choose, setChecked, typeInto } from "./support/forms";
import { maskInboxUrl } from "../lib/schemas/mask";
import { lookAt } from "./support/screens";

test("endpoints: create with the secret shown once and kept in an inbox, edit events, disable, delete", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const inbox = await createInbox(page, { register: false });
  const url = (await page.getByTestId("inbox-url").textContent())?.trim() ?? "";

  await page.goto("/webhooks");
  await page.getByRole("button", { name: "New endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await typeInto(dialog.getByLabel("URL"), url);
  await setChecked(dialog.getByLabel("payment.completed"));
  await typeInto(dialog.getByLabel("Description"), unique("e2e endpoint"));
  await dialog.getByRole("button", { name: "Create endpoint" }).click();
  const secret = dialog.getByTestId("one-time-secret");
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole("button", { name: /Copy signing secret/ })).toBeVisible();
  // The inbox this endpoint points at is proposed; its secret goes to the server, not back.
  await expect(dialog.getByLabel("Keep it in the dashboard's inbox for verification")).toHaveValue(inbox.id);
  await dialog.getByRole("button", { name: "Keep in inbox" }).click();
  await expect(dialog.getByRole("status")).toContainText("Kept with");
  await lookAt(page, "test-results/screens/webhooks-secret.png");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("one-time-secret")).toHaveCount(0);

  // The list shows an inbox URL cut to what identifies it (issue 42): whoever knows it whole can post to the inbox.
  const card = page.getByTestId("endpoint").filter({ hasText: maskInboxUrl(url) });
  await expect(card).toHaveCount(1);
  await expect(card).not.toContainText(url);
  await expect(card).toContainText("settlement_request.updated");
  await expect(card).toContainText("payment.completed");

  // A transition reaches the inbox through this endpoint, verified with the kept secret.
  const req = await createRequest(request);
  await patchStatus(request, req.id, "PAYIN_UNDER_REVIEW");
  await page.goto(`/inbox?box=${inbox.id}`);
  await expect(messageFor(page, req.id, "settlement_request.updated").getByTestId("verdict")).toHaveText(
    "Signature valid",
    { timeout: 10_000 },
  );

  // Edit events: the new list replaces the old one.
  await page.goto("/webhooks");
  await card.getByRole("button", { name: "Edit events" }).click();
  const edit = page.getByRole("dialog");
  await setChecked(edit.getByLabel("payment.completed"), false);
  await setChecked(edit.getByLabel("payment.failed"));
  await edit.getByRole("button", { name: "Save events" }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText("payment.failed");
  await expect(card).not.toContainText("payment.completed");

  await card.getByRole("button", { name: "Disable" }).click();
  await expect(card.getByRole("button", { name: "Enable" })).toBeVisible();
  await expect(card).toContainText("Disabled");
  await expect(card.getByTestId("endpoint-health")).toContainText("Turned off by hand (in the console or by a PATCH)");
  // Enabled again from a dialog that counts what it missed while off.
  await card.getByRole("button", { name: "Enable" }).click();
  const enable = page.getByRole("dialog", { name: "Enable this endpoint?" });
  await expect(enable.getByTestId("enable-endpoint")).toContainText("Nothing was missed since it was turned off");
  await enable.getByRole("button", { name: "Enable" }).click();
  await expect(card.getByRole("button", { name: "Disable" })).toBeVisible();
  await expect(card.getByTestId("endpoint-health")).toHaveCount(0);

  await card.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete endpoint" }).click();
  await expect(card).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a receiver answering 500 shows failed attempts and the next retry; Retry now then succeeds", async ({
  page,
  request,
}) => {
  const inbox = await createInbox(page, { register: true });
  await choose(page.getByLabel("Answer with"), "error");
  await expect(page.getByText("The receiver now answers 500 Internal Server Error")).toBeVisible();

  const req = await createRequest(request);
  const created = messageFor(page, req.id, "settlement_request.created");
  await expect(created).toContainText("answered 500", { timeout: 10_000 });
  const eventId = ((await created.getByTestId("event-id").textContent()) ?? "").trim();

  // The delivery log of the inbox's endpoint: the failed attempt and when the next one is due (1 min later).
  await page.getByRole("link", { name: "Delivery log →" }).click();
  await expect(page).toHaveURL(new RegExp(`/webhooks\\?endpoint=${inbox.webhookId}`));
  const delivery = page
    .getByTestId("endpoint")
    .filter({ hasText: maskInboxUrl(`/inbox/${inbox.id}`) })
    .locator(`[data-testid="delivery"][data-event-id="${eventId}"]`);
  await expect(delivery).toHaveAttribute("data-status", "PENDING");
  await expect(delivery.getByTestId("attempt")).toHaveCount(1);
  await expect(delivery.getByTestId("attempt").first()).toHaveAttribute("data-http-status", "500");
  await expect(delivery.getByTestId("next-retry")).toContainText(/Next attempt .* \(in 0:[0-5]\d\)/);
  await expect(delivery).toContainText("HTTP 500");
  await lookAt(page, "test-results/screens/webhooks-delivery-log.png", { fullPage: true });

  // Back to 200, then Retry now: a second attempt, successful; the inbox gets the event again (a duplicate).
  await page.goto(`/inbox?box=${inbox.id}`);
  await choose(page.getByLabel("Answer with"), "ok");
  await expect(page.getByText("The receiver now answers 200 OK")).toBeVisible();
  await page.goto(`/webhooks?endpoint=${inbox.webhookId}`);
  await delivery.getByRole("button", { name: "Retry now" }).click();
  // The retry goes through the outbox worker: its next pass, on a busy machine some seconds away.
  await expect(delivery).toHaveAttribute("data-status", "SUCCEEDED", { timeout: 30_000 });
  await expect(delivery.getByTestId("attempt")).toHaveCount(2);
  await expect(delivery.getByTestId("attempt").nth(1)).toHaveAttribute("data-http-status", "200");
  await expect(delivery.getByTestId("next-retry")).toHaveCount(0);
  await lookAt(page, "test-results/screens/webhooks-retried.png", { fullPage: true });

  await page.goto(`/inbox?box=${inbox.id}`);
  const copies = page
    .getByTestId("inbox-message")
    .filter({ has: page.getByTestId("event-id").getByText(eventId, { exact: true }) });
  await expect(copies).toHaveCount(2);
  await expect(copies.first().getByTestId("duplicate-mark")).toBeVisible();
});

test("a delivery's result reaches the console over the live stream (LISTEN/NOTIFY), naming the endpoint only", async ({
  page,
  request,
}) => {
  const inbox = await createInbox(page, { register: true });
  // A barrier, not a sleep: the stream says hello once it listens, and only then does the event happen.
  type Listening = { __notices: string[] };
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const w = window as unknown as Listening;
        w.__notices = [];
        const source = new EventSource("/inbox/live");
        source.addEventListener("delivery", (event) => w.__notices.push((event as MessageEvent<string>).data));
        source.addEventListener("hello", () => resolve(), { once: true });
      }),
  );
  await createRequest(request);
  // Other endpoints registered by earlier journeys get deliveries too: wait for this one's.
  const heardThis = () =>
    page.evaluate(
      (webhookId) => (window as unknown as Listening).__notices.filter((n) => n.includes(String(webhookId))).length,
      inbox.webhookId,
    );
  await expect.poll(heardThis, { timeout: 15_000 }).toBeGreaterThan(0);
  const heard = page.evaluate(() => (window as unknown as Listening).__notices);
  const notices = (await heard).map((n) => JSON.parse(n) as Record<string, unknown>);
  expect(notices).toContainEqual({ webhookId: inbox.webhookId, environment: "sandbox" });
  for (const notice of notices) expect(Object.keys(notice).sort()).toEqual(["environment", "webhookId"]);
});

test("keeping a second endpoint's secret in an inbox offers to disable the first, which would no longer verify (issue 34)", async ({
  page,
}) => {
  const inbox = await createInbox(page, { register: true });
  const url = (await page.getByTestId("inbox-url").textContent())?.trim() ?? "";
  await page.goto("/webhooks");
  await page.getByRole("button", { name: "New endpoint" }).click();
  const dialog = page.getByRole("dialog");
  await typeInto(dialog.getByLabel("URL"), url);
  await dialog.getByRole("button", { name: "Create endpoint" }).click();
  await expect(dialog.getByTestId("one-time-secret")).toBeVisible();
  await dialog.getByRole("button", { name: "Keep in inbox" }).click();
  const older = dialog.getByTestId("older-endpoint");
  await expect(older).toContainText(`Endpoint ${inbox.webhookId} also posts to this inbox`);
  await older.getByRole("button", { name: "Disable the older endpoint" }).click();
  await expect(older).toHaveCount(0);
  await dialog.getByRole("button", { name: "Done" }).click();
  const first = page.locator(`[data-testid="endpoint"][data-webhook-id="${inbox.webhookId}"]`);
  await expect(first).toContainText("Disabled");
});

test("a developer limits an endpoint to 20 deliveries a second; a limit of 0 is refused by name", async ({ page }) => {
  const inbox = await createInbox(page, { register: true });
  await page.goto(`/webhooks?endpoint=${inbox.webhookId}`);
  const card = page.locator(`[data-testid="endpoint"][data-webhook-id="${inbox.webhookId}"]`);
  await card.getByRole("button", { name: "Rate limit" }).click();
  const dialog = page.getByRole("dialog", { name: "Deliveries a second, at most" });
  await typeInto(dialog.getByLabel("Deliveries a second"), "0");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toContainText("Must be at least 1");
  await typeInto(dialog.getByLabel("Deliveries a second"), "20");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("At most 20 deliveries a second").first()).toBeVisible();
  await expect(card.getByTestId("endpoint-rate")).toContainText("At most 20 deliveries a second");
  // Still delivered: one event through the limit.
  const req = await createRequest(page.request);
  await page.goto(`/inbox?box=${inbox.id}`);
  await expect(messageFor(page, req.id, "settlement_request.created").first()).toBeVisible({ timeout: 15_000 });
});

test("a developer counts a day's deliveries, replays them in order, and is asked before replaying the same range again", async ({
  page,
}) => {
  const inbox = await createInbox(page, { register: true });
  const req = await createRequest(page.request);
  await expect(messageFor(page, req.id, "settlement_request.created")).toHaveCount(1, { timeout: 15_000 });

  await page.goto(`/webhooks?endpoint=${inbox.webhookId}`);
  const card = page.locator(`[data-testid="endpoint"][data-webhook-id="${inbox.webhookId}"]`);
  await card.getByRole("button", { name: "Replay" }).click();
  const dialog = page.getByRole("dialog", { name: "Replay a time range" });
  await expect(dialog.getByRole("button", { name: "Replay", exact: true })).toBeDisabled();
  await dialog.getByRole("button", { name: "Count" }).click();
  const counted = dialog.getByTestId("replay-count");
  await expect(counted).toContainText(/\d+ deliver(y|ies) would be sent again, oldest first\./);
  const n = Number(/(\d+) deliver/.exec((await counted.textContent()) ?? "")?.[1]);
  expect(n).toBeGreaterThanOrEqual(1);
  await lookAt(page, "test-results/screens/webhook-replay-count-1440.png");
  await dialog.getByRole("button", { name: `Replay ${n}` }).click();
  await expect(page.getByText(new RegExp(`^${n} deliver(y is|ies are) being sent again, oldest first`))).toBeVisible();

  // The inbox gets it again: the same event, marked as a repeat, with the replay's header.
  await page.goto(`/inbox?box=${inbox.id}`);
  const copies = messageFor(page, req.id, "settlement_request.created");
  await expect(copies).toHaveCount(2, { timeout: 15_000 });
  const replayed = copies.filter({ hasText: "Duplicate of #" });
  await replayed.getByText("Headers and body").click();
  await expect(replayed).toContainText("x-service-replay");

  // The same range again: counted, then asked about before anything is sent. The log marks the replayed.
  await page.goto(`/webhooks?endpoint=${inbox.webhookId}`);
  await expect(card.getByTestId("replayed").first()).toBeVisible();
  await card.getByRole("button", { name: "Replay" }).click();
  await dialog.getByRole("button", { name: "Count" }).click();
  await expect(dialog.getByTestId("replay-count")).toContainText("replayed before (1 time)");
  const replayButton = dialog.getByRole("button", { name: /^Replay \d+$/ });
  await expect(replayButton).toBeDisabled();
  await setChecked(dialog.getByLabel(/replay it again anyway/));
  await expect(replayButton).toBeEnabled();
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, "test-results/screens/webhook-endpoint-open-390.png", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("a developer narrows an endpoint to one team's events, with the condition checked and counted first", async ({
  page,
}) => {
  const inbox = await createInbox(page, { register: true });
  await page.goto(`/webhooks?endpoint=${inbox.webhookId}`);
  const card = page.locator(`[data-testid="endpoint"][data-webhook-id="${inbox.webhookId}"]`);
  await card.getByRole("button", { name: "Filter" }).click();
  const dialog = page.getByRole("dialog", { name: "Only some events of its types" });
  await typeInto(dialog.getByLabel("Condition"), "data.metadata.team = payouts");
  await expect(dialog).toContainText("is not a value: quote text");
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await typeInto(dialog.getByLabel("Condition"), 'data.metadata.team = "payouts"');
  await dialog.getByRole("button", { name: "Count the last day" }).click();
  await expect(dialog.getByTestId("filter-preview")).toContainText(
    "of its types in the last 24 hours would have been sent",
  );
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(card.getByTestId("endpoint-filter")).toContainText('data.metadata.team = "payouts"');

  // The fan-out keeps to it: the other team's request gets no delivery to this endpoint; this team's arrives.
  const other = await createRequest(page.request, { team: "refunds" });
  const ours = await createRequest(page.request, { team: "payouts" });
  const deliveriesTo = async (id: string) => {
    const res = await page.request.get(`/v0/events?resource_id=${id}&type=settlement_request.created`, {
      headers: { "X-Api-Key": sandboxKey() },
    });
    const [event] = ((await res.json()) as { data: Array<{ deliveries: Array<{ webhook_id: string }> }> }).data;
    return (event?.deliveries ?? []).filter((d) => d.webhook_id === inbox.webhookId).length;
  };
  expect(await deliveriesTo(other.id)).toBe(0);
  expect(await deliveriesTo(ours.id)).toBe(1);
  await page.goto(`/inbox?box=${inbox.id}`);
  await expect(messageFor(page, ours.id, "settlement_request.created").first()).toBeVisible({ timeout: 15_000 });
});
