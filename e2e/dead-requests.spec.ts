/**
 * Dead requests do not look payable (issue 35, finding 2): once a request has expired, was
 * canceled or completed, its page says plainly that the instructions are no longer valid, with
 * no QR code and no copy button, and the payer's link says the same. Screenshots at 1440 and
 * 390 px of an expired request and of the payer's page.
 */
import { expect, test } from "./fixtures/auth";
import { createRequest, patchStatus } from "./support/inbox";
import { lookAt } from "./support/screens";

for (const [status, says] of [
  ["REQUEST_EXPIRED", /These instructions expired.*Do not send a payment with them/],
  ["REQUEST_CANCELED", /This request has ended \(Request canceled\): these instructions are no longer valid/],
  ["REQUEST_COMPLETED", /no longer valid\. Do not send a payment/],
] as const) {
  test(`a ${status} request shows no QR code and no copy button, and says the instructions are no longer valid`, async ({
    page,
    request,
    browser,
  }) => {
    const { id } = await createRequest(request);
    await page.goto(`/settlement-requests/${id}`);
    await expect(page.getByTestId("wallet-qr")).toBeVisible();
    await page.getByTestId("share-instructions").getByRole("button", { name: "Get a link for the payer" }).click();
    const url = ((await page.getByTestId("instructions-link").textContent()) ?? "").trim();

    await patchStatus(request, id, status);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`/settlement-requests/${id}`);
      const card = page.getByTestId("payment-instructions");
      await expect(card.getByTestId("instructions-no-longer-valid")).toContainText(says);
      await expect(page.getByTestId("wallet-qr")).toHaveCount(0);
      await expect(card.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
      await expect(page.getByTestId("share-instructions")).toHaveCount(0);
      if (status === "REQUEST_EXPIRED")
        await lookAt(page, `test-results/screens/request-expired-${width}.png`, { fullPage: true });
    }

    const payer = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: { cookies: [], origins: [] },
    });
    const payerPage = await payer.newPage();
    // the snapshot the link is served from is read again within 30 s: wait for it to see the move
    await expect
      .poll(
        async () => {
          await payerPage.goto(url);
          return payerPage.getByTestId("instructions-ended").count();
        },
        { timeout: 45_000, intervals: [2_000, 5_000] },
      )
      .toBe(1);
    await expect(payerPage.getByTestId("instructions-ended")).toContainText(/no longer open|Do not send/);
    await expect(payerPage.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
    if (status === "REQUEST_EXPIRED")
      await lookAt(payerPage, "test-results/screens/pay-ended-390.png", { fullPage: true });
    await payer.close();
  });
}

test("the payer's page names who is paid", async ({ page, request, browser }) => {
  const { id } = await createRequest(request);
  await page.goto(`/settlement-requests/${id}`);
  await page.getByTestId("share-instructions").getByRole("button", { name: "Get a link for the payer" }).click();
  const url = ((await page.getByTestId("instructions-link").textContent()) ?? "").trim();
  for (const width of [1440, 390]) {
    const payer = await browser.newContext({
      viewport: { width, height: 900 },
      storageState: { cookies: [], origins: [] },
    });
    const payerPage = await payer.newPage();
    await payerPage.goto(url);
    await expect(payerPage.getByTestId("payee")).toContainText("Payment to Demo Merchant Ltd");
    await lookAt(payerPage, `test-results/screens/pay-open-${width}.png`, { fullPage: true });
    await payer.close();
  }
});
