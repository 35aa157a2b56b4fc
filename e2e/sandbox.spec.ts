import { expect, test } from "./fixtures/auth";
import { VALID, sandboxKey, unique, watchErrors } from "./support/settlement";
import { typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

// Every test starts signed in as an administrator (e2e/fixtures/auth.ts), in sandbox.

test("sandbox: info and balances, then the quick flow creates a sample request and opens it", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/sandbox");
  await expect(page.getByRole("heading", { level: 1, name: "Sandbox" })).toBeVisible();
  const info = page.getByTestId("sandbox-info");
  await expect(info).toContainText("sandbox");
  await expect(info).toContainText(/[\d,]+ requests \/ 60 s/);
  await expect(info).toContainText("USDC");
  await expect(info).toContainText("Solana");
  await expect(page.getByTestId("server-time")).toContainText("UTC");
  const usdc = page.getByTestId("balance-USDC");
  await expect(usdc).toBeVisible();
  await expect(usdc).toContainText("USDC");
  await lookAt(page, "test-results/screens/sandbox.png", { fullPage: true });

  await page.getByTestId("quick-flow").getByRole("button", { name: "Create" }).first().dblclick();
  await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  await expect(page.getByTestId("request-status")).toContainText("Request started");
  await expect(page.getByTestId("simulate-panel")).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe("as a developer", () => {
  test.use({ role: "developer" });

  test("a developer creates a sandbox request alone, simulates it to completion (the panel offering only the next moves), and finds its events, deliveries and API calls from its page", async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000); // a whole flow, then three pages
    const errors = watchErrors(page);
    // An endpoint that never answers, so every event has a delivery to look at (removed at the end).
    const hookUrl = `http://127.0.0.1:9/${unique("never-answers")}`;
    const hook = await request.post("/v0/webhooks", {
      headers: { "X-Api-Key": sandboxKey() },
      data: { url: hookUrl, events: ["settlement_request.updated"] },
    });
    expect(hook.status(), await hook.text()).toBe(201);
    const webhookId = ((await hook.json()) as { id: string }).id;
    await page.goto("/settlement-requests/new");
    await expect(page.getByText("Not available for your role")).toHaveCount(0);
    await page.goto("/sandbox");
    await page.getByTestId("quick-flow").getByRole("button", { name: "Create" }).first().click();
    await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
    const status = page.getByTestId("request-status");
    await expect(status).toContainText("Request started");

    // Before funds arrive the payout moves are off, and the panel says why.
    await expect(page.getByRole("button", { name: "Payout sent" })).toBeDisabled();
    await expect(page.getByTestId("quick-move-reasons")).toContainText("Funds have not arrived yet");

    // Each Simulate form shows the call it will send.
    const requestForm = page
      .getByTestId("simulate-panel")
      .locator("form", { has: page.getByRole("heading", { name: "Request status" }) });
    await requestForm.getByTestId("api-call-preview").locator("summary").click();
    await expect(requestForm.getByTestId("api-call-curl")).toContainText("/v0/sandbox/settlement-requests/");

    // A payment move that leaves the request's status as it is still shows: badge and timeline.
    await page.getByRole("button", { name: "Payin processing" }).click();
    await expect(page.getByTestId("payment-payin")).toContainText("Processing");
    await expect(page.getByTestId("timeline-payment").filter({ hasText: "payment.processing" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Payin processing" })).toBeDisabled();
    await expect(status).toContainText("Request started");

    await page.getByRole("button", { name: "Mark funds sent" }).click();
    const dialog = page.getByRole("dialog");
    await typeInto(dialog.getByLabel("Transaction hash"), VALID.solanaTx);
    await dialog.getByRole("button", { name: "Mark funds sent" }).click();
    await expect(status).toContainText("Funds sent");
    await page.getByRole("button", { name: "Payin received" }).click();
    await expect(status).toContainText(/Settlement (sent|completed)/, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Payin received" })).toBeDisabled();
    await page.getByRole("button", { name: "Complete request" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Complete request" }).click();
    await expect(status).toContainText("Request completed", { timeout: 10_000 });
    await expect(page.getByText("Request completed ends the request; nothing left to simulate.")).toBeVisible();
    // The timeline has the payin's own move, with its event, between the request's moves.
    await expect(
      page
        .getByTestId("timeline-payment")
        .filter({ hasText: "Inbound payment" })
        .filter({ hasText: "payment.completed" }),
    ).toBeVisible();
    await lookAt(page, "test-results/screens/developer-simulated.png", { fullPage: true });
    const requestUrl = page.url().replace(/\?.*$/, "");
    const requestId = requestUrl.split("/").pop() ?? "";

    // Did the merchant get notified? Its events, each with its delivery to the endpoint, and a resend.
    await page.getByTestId("request-events-link").click();
    const completed = page
      .getByTestId("event")
      .filter({ hasText: "settlement_request.updated" })
      .filter({ hasText: "Request completed" });
    await expect(completed).toHaveCount(1);
    const delivery = completed.getByTestId("event-delivery").filter({ hasText: hookUrl });
    await expect(delivery).toBeVisible();
    await delivery.getByRole("button", { name: `Resend to ${hookUrl}` }).click();
    await expect(page.getByText("Resending to 127.0.0.1:9")).toBeVisible();

    // Who called what: the console's own calls for this request, the client move among them.
    await page.goto(requestUrl);
    await page.getByTestId("request-calls-link").click();
    await expect(page).toHaveURL(new RegExp(`/request-log\\?resource=${requestId}`));
    const calls = page.getByTestId("api-call");
    await expect(
      calls
        .filter({ hasText: "PUT" })
        .filter({ hasText: `/v0/settlement-requests/${requestId}` })
        .first(),
    ).toBeVisible();
    await expect(calls.filter({ hasText: "PATCH" }).filter({ hasText: "/v0/sandbox/payments/" }).first()).toBeVisible();

    const removed = await request.delete(`/v0/webhooks/${webhookId}`, { headers: { "X-Api-Key": sandboxKey() } });
    expect(removed.status()).toBe(204);
    expect(errors).toEqual([]);
  });
});
