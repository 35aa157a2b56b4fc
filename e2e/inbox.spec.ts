import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test } from "./fixtures/auth";
import { createInbox, createRequest, deleteInboxOnPage, messageFor, patchStatus, sign } from "./support/inbox";
import { sandboxKey, watchErrors } from "./support/settlement";
import { postServerAction, serverAction } from "./fixtures/server-actions";
import { lookAt } from "./support/screens";

mkdirSync("test-results/screens", { recursive: true });

test("a registered inbox shows the signed event of a sandbox transition live, marked valid; a replay is a duplicate", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  await createInbox(page, { register: true });
  const req = await createRequest(request);
  // Nothing below reloads the page: the messages come over SSE.
  await patchStatus(request, req.id, "PAYIN_UNDER_REVIEW");

  const updated = messageFor(page, req.id, "settlement_request.updated");
  await expect(updated).toHaveCount(1, { timeout: 10_000 });
  await expect(updated.getByTestId("verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(updated.getByTestId("verdict")).toHaveText("Signature valid");
  await expect(updated.getByTestId("resource-status")).toContainText("Payin under review");
  await expect(updated.getByTestId("event-id")).toHaveText(/^evt_/);
  await expect(messageFor(page, req.id, "settlement_request.created")).toHaveCount(1);
  const eventId = (await updated.getByTestId("event-id").textContent()) ?? "";

  const seq = await updated.getAttribute("data-seq");
  // Replay: the same bytes and headers again. Same event id → duplicate.
  await updated.getByText("Headers and body").click();
  await expect(updated.getByTestId("message-body")).toContainText(`"id": "${eventId}"`);
  await updated.getByRole("button", { name: "Replay this request" }).click();
  const copies = page
    .getByTestId("inbox-message")
    .filter({ has: page.getByTestId("event-id").getByText(eventId, { exact: true }) });
  await expect(copies).toHaveCount(2);
  await expect(copies.first().getByTestId("duplicate-mark")).toHaveText(`Duplicate of #${seq}`);
  await expect(copies.nth(1).getByTestId("duplicate-mark")).toHaveCount(0);
  await lookAt(page, "test-results/screens/inbox-live.png", { fullPage: true });
  expect(errors).toEqual([]);
});

test("a request signed with the wrong secret shows 'does not match' with both signatures", async ({
  page,
  request,
}) => {
  const inbox = await createInbox(page, { register: true });
  const body = JSON.stringify({
    id: "evt_wrongsecret1",
    type: "settlement_request.updated",
    created_at: new Date().toISOString(),
    data: { id: "req_wrong", status: "FUNDS_SENT" },
  });
  const t = Math.floor(Date.now() / 1000);
  const theirs = sign("whsec_not-the-endpoints-secret", body, t);
  const res = await request.post(inbox.url, {
    headers: { "Content-Type": "application/json", "X-Service-Signature": `t=${t},v1=${theirs}` },
    data: body,
  });
  expect(res.status()).toBe(200);

  const message = messageFor(page, "req_wrong", "settlement_request.updated");
  await expect(message.getByTestId("verdict")).toHaveText("Signature does not match");
  await expect(message.getByTestId("signature-received")).toHaveText(theirs);
  const expected = (await message.getByTestId("signature-expected").textContent()) ?? "";
  // Only a prefix of the expected HMAC: enough to compare, never a whole signature for a stranger's body.
  expect(expected).toMatch(/^[0-9a-f]{12}…$/);
  expect(theirs.startsWith(expected.slice(0, 12))).toBe(false);

  // A header that is not t=…,v1=…: said so.
  await request.post(inbox.url, {
    headers: { "X-Service-Signature": "v1=nothex" },
    data: JSON.stringify({ id: "evt_bad_header", type: "payment.created", data: { id: "pay_h" } }),
  });
  await expect(messageFor(page, "pay_h", "payment.created").getByTestId("verdict")).toHaveText("Malformed header");
  await lookAt(page, "test-results/screens/inbox-mismatch.png", { fullPage: true });

  // Without a session the stream is refused (the receiver itself needs none).
  const anonymous = await request.get(`${inbox.url}/stream`, { headers: { Cookie: "" }, maxRedirects: 0 });
  expect([302, 303, 307, 401]).toContain(anonymous.status());
});

test("an inbox without a secret says so", async ({ page, request }) => {
  const inbox = await createInbox(page, { register: false });
  const body = JSON.stringify({
    id: "evt_nosecret",
    type: "payment.created",
    created_at: new Date().toISOString(),
    data: { id: "pay_nosecret" },
  });
  await request.post(inbox.url, { headers: { "X-Service-Signature": `t=1,v1=${"a".repeat(64)}` }, data: body });
  await expect(messageFor(page, "pay_nosecret", "payment.created").getByTestId("verdict")).toHaveText(
    "No secret known",
  );
});

test("markup in a payload's metadata renders as inert text", async ({ page, request }) => {
  const errors = watchErrors(page);
  page.on("dialog", (dialog) => {
    errors.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await createInbox(page, { register: true });
  const script = "<script>window.__pwned = 'script'; alert('script')</script>";
  const img = `<img src="x" onerror="window.__pwned = 'img'; alert('img')">`;
  const req = await createRequest(request, { note: script, avatar: img });
  await patchStatus(request, req.id, "FUNDS_SENT");
  const message = messageFor(page, req.id, "settlement_request.updated").first();
  await expect(message.getByTestId("verdict")).toHaveText("Signature valid");
  await message.getByText("Headers and body").click();
  const body = message.getByTestId("message-body");
  await expect(body).toContainText(script.replace(/"/g, '\\"'));
  await expect(body).toContainText('<img src=\\"x\\" onerror=');
  // Text, not elements: no <script> or <img> inside the rendered body, nothing ran.
  await expect(body.locator("script, img")).toHaveCount(0);
  // No element was made of the payload, so there is nothing that could run later: no wait needed.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  await lookAt(page, "test-results/screens/inbox-inert.png", { fullPage: true });
  expect(errors).toEqual([]);
});

test("the request page and list update by themselves when an event for them arrives", async ({ page, request }) => {
  await createInbox(page, { register: true });
  const req = await createRequest(request);
  await page.goto(`/settlement-requests/${req.id}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-mode", "live");
  await expect(page.getByTestId("request-status")).toContainText("Request started");
  await patchStatus(request, req.id, "PAYIN_UNDER_REVIEW");
  // No reload, no polling (the stream said an inbox is registered): the arrival invalidated the query.
  await expect(page.getByTestId("request-status")).toContainText("Payin under review", { timeout: 5_000 });

  await page.goto(`/settlement-requests?external_id=${encodeURIComponent(req.externalId)}`);
  await expect(page.getByTestId("live-updates")).toHaveAttribute("data-mode", "live");
  const row = page.getByRole("row").filter({ hasText: req.externalId });
  await expect(row).toContainText("Payin under review");
  await patchStatus(request, req.id, "PAYIN_CANCELED");
  await expect(row).toContainText("Payin canceled", { timeout: 5_000 });
});

// FIXME: signInAs("developer") hangs at /sign-in in this run (e2e/fixtures/auth.ts, the sign-in issue's fixture);
// the owner filter itself is in every query of lib/inbox/store.ts. Unskip once the fixture works here.
test("an inbox never shows another person's messages", async ({ page, request, signInAs }) => {
  test.setTimeout(150_000); // creating the second person goes through the People page and two sign-ins
  const inbox = await createInbox(page, { register: false });
  await request.post(inbox.url, {
    data: JSON.stringify({ id: "evt_private", type: "payment.created", data: { id: "pay_private" } }),
  });
  await expect(messageFor(page, "pay_private", "payment.created")).toHaveCount(1);

  const other = await signInAs("developer");
  await other.goto(`/inbox?box=${inbox.id}`);
  await expect(other.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(other.getByText("pay_private")).toHaveCount(0);
  // Nothing of the other person's inbox on the page (they may have no inbox at all).
  expect(await other.locator("main").textContent()).not.toContain(inbox.id);
  // The stream answers as if the inbox did not exist.
  const stream = await other.request.get(`/inbox/${inbox.id}/stream`);
  expect(stream.status()).toBe(404);
});

test("measure: sandbox PATCH to the event on screen, p50 over 20", async ({ page, request }) => {
  test.setTimeout(120_000);
  await createInbox(page, { register: true });
  const req = await createRequest(request);
  await expect(messageFor(page, req.id, "settlement_request.created")).toHaveCount(1);
  const statuses = ["PAYIN_UNDER_REVIEW", "PAYOUT_UNDER_REVIEW"];
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const before = await page.getByTestId("inbox-message").count();
    const started = Date.now();
    await patchStatus(request, req.id, statuses[i % 2]);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="inbox-message"]').length > n, before, {
      polling: "raf",
      timeout: 10_000,
    });
    samples.push(Date.now() - started);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = (sorted[9] + sorted[10]) / 2;
  const result = { samples, p50, p90: sorted[17], min: sorted[0], max: sorted[19] };
  writeFileSync("test-results/inbox-latency.json", JSON.stringify(result, null, 2));
  console.log(
    `[measure] sandbox PATCH → event on screen: p50 ${p50} ms, p90 ${sorted[17]} ms, min ${sorted[0]}, max ${sorted[19]} (n=20)`,
  );
  expect(p50).toBeLessThan(2_000);
});

test("a burst past the inbox's per-second cap gets 429 with Retry-After, an oversized body 413, and the owner sees that requests were refused", async ({
  page,
  request,
}) => {
  // Bursts of 200 at once, each at a fresh inbox: on a loaded machine (3 Dec: five bursts of 80
  // spread over more than four seconds; CI on 3 Dec: bursts that stayed under 20 a second until
  // the inbox met its 500-message cap) a burst may stay under the rate, so another goes, at an
  // inbox of its own, until one meets the per-second cap. The one that did is kept and looked at.
  let inbox = await createInbox(page, { register: false });
  let statuses: Array<{ status: number; retryAfter: string | undefined; body: string }> = [];
  for (let burst = 0; burst < 5; burst++) {
    if (burst > 0) {
      await deleteInboxOnPage(page, inbox.id);
      inbox = await createInbox(page, { register: false });
    }
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        request.post(inbox.url, {
          data: JSON.stringify({
            id: `evt_burst_${burst}_${i}`,
            type: "payment.created",
            data: { id: `pay_burst_${burst}_${i}` },
          }),
        }),
      ),
    );
    statuses = await Promise.all(
      answers.map(async (a) => ({ status: a.status(), retryAfter: a.headers()["retry-after"], body: await a.text() })),
    );
    if (statuses.some((s) => s.status === 429)) break;
  }
  const refused = statuses.filter((s) => s.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  // Every refusal of the burst is the rate's (200 messages are under the inbox's 500), retried after a second.
  expect(
    refused.filter((s) => s.retryAfter !== "1" || !s.body.includes("more than 20 requests in one second")),
  ).toEqual([]);
  expect(statuses.filter((s) => s.status === 200).length).toBe(statuses.length - refused.length);

  await new Promise((r) => setTimeout(r, 1_100)); // a fresh second: the size cap, not the rate cap
  const big = await request.post(inbox.url, { data: "x".repeat(300 * 1024) });
  expect(big.status()).toBe(413);

  await page.reload();
  await expect(page.getByTestId("inbox-refused")).toContainText(`${refused.length + 1} requests were refused`);
  await expect(page.getByTestId("inbox-refused")).toContainText("a body over 262144 bytes");
  await expect(page.getByTestId("inbox-limits")).toContainText("accepts 20 requests a second");
});

test("the receiver answers a NUL byte in the body or the id with a 4xx, never a 500; a NUL escaped in the JSON is stored without it", async ({
  page,
  request,
}) => {
  const inbox = await createInbox(page, { register: false });
  // A raw NUL byte in the body…
  const nul = await request.post(inbox.url, {
    headers: { "Content-Type": "application/json" },
    data: Buffer.from('{"id":"evt_nul","note":"a\0b"}'),
  });
  expect(nul.status()).toBe(400);
  expect(await nul.text()).toContain("NUL");
  // …and one escaped in the JSON, in the fields the inbox reads out of the payload: stored without it.
  const escaped = String.raw`{"id":"evt_esc\u0000aped","type":"payment.created","data":{"id":"pay_\u0000x","status":"PENDING"}}`;
  const stored = await request.post(inbox.url, {
    headers: { "Content-Type": "application/json" },
    data: Buffer.from(escaped),
  });
  expect(stored.status()).toBe(200);
  const badId = await request.post(`${inbox.url}%00x`, { data: "{}" });
  expect(badId.status()).toBe(404);
  await page.reload();
  await expect(page.getByTestId("inbox-message")).toHaveCount(1);
  await expect(page.getByTestId("inbox-message").getByTestId("resource-id")).toHaveText("pay_x");
  // A new inbox counts its own messages: its first is #1, whatever other inboxes received (issue 59).
  await expect(page.getByTestId("inbox-message").getByText(/^#\d+$/)).toHaveText("#1");
});

test("keepInboxSecret and deleteInbox accept only the endpoint the inbox itself registered", async ({
  page,
  request,
  baseURL,
}) => {
  const inbox = await createInbox(page, { register: false });
  const other = await request.post("/v0/webhooks", {
    headers: { "X-Api-Key": sandboxKey() },
    data: { url: "https://hooks.example.com/not-this-inbox", events: ["payment.created"] },
  });
  expect(other.status()).toBe(201);
  const { id: webhookId } = (await other.json()) as { id: string };
  const keep = await postServerAction(
    page.request,
    serverAction("keepInboxSecret"),
    [{ inboxId: inbox.id, secret: "whsec_stolen", webhookId }, { environment: "sandbox" }],
    { Origin: baseURL ?? "" },
  );
  expect(await keep.text()).toContain("not_this_inbox");
  await page.reload();
  await expect(
    page
      .getByText("Not registered as an endpoint.")
      .or(page.getByRole("button", { name: "Register as sandbox endpoint" })),
  ).toBeVisible();
  // The endpoint that is not the inbox's survives the inbox's deletion.
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete inbox" }).click();
  await page.waitForURL(/\/inbox(\?|$)/);
  const still = await request.get(`/v0/webhooks/${webhookId}`, { headers: { "X-Api-Key": sandboxKey() } });
  expect(still.status()).toBe(200);
});
