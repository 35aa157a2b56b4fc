import { expect, test, type Page } from "@playwright/test";
import {
  VALID,
  countByExternalId,
  sandboxKey,
  createRequestViaApi,
  destinationSection,
  fillIndividual,
  openBuilder,
  unique,
  watchErrors,
  signIn,
} from "./support/settlement";
import { choose, setChecked, typeInto } from "./support/forms";
import { requestLogBarrier } from "./support/request-log";
import { lookAt } from "./support/screens";

test.beforeEach(async ({ context, page }) => {
  await context.clearCookies();
  await signIn(page);
});

async function submitAndExpectCreated(page: Page) {
  await page.getByRole("button", { name: "Create settlement request" }).click();
  await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  await expect(page.getByTestId("request-status")).toContainText("Request started");
}

const destination = destinationSection;

/** The on-ramp form (already on FIAT_TO_STABLECOIN): `amount` USD to a USDC wallet on Ethereum. */
async function fillOnRampToEthereum(page: Page, amount: string, externalId?: string) {
  await typeInto(page.getByLabel(/^Amount/), amount);
  await choose(destination(page).getByLabel("Currency"), "USDC");
  await choose(destination(page).getByLabel("Chain"), "ETHEREUM");
  await typeInto(page.getByLabel("Wallet address"), VALID.evm);
  if (externalId) await typeInto(page.getByLabel("External ID"), externalId);
}

test.describe("one request per destination shape", () => {
  test("crypto: FIAT_TO_STABLECOIN to a USDC wallet on Ethereum", async ({ page }) => {
    await openBuilder(page, "FIAT_TO_STABLECOIN");
    await fillOnRampToEthereum(page, "500");
    await submitAndExpectCreated(page);
    await expect(page.getByTestId("instructions-deposit-message")).not.toBeEmpty();
  });

  test("US bank (ABA): STABLECOIN_TO_FIAT to USD over ACH", async ({ page }) => {
    await openBuilder(page, "STABLECOIN_TO_FIAT");
    await typeInto(page.getByLabel(/Amount the recipient gets/), "120.50");
    await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
    await choose(destination(page).getByLabel("Currency"), "USD");
    await choose(destination(page).getByLabel("Rail"), "ACH");
    await typeInto(page.getByLabel("Bank name"), "Chase");
    await typeInto(page.getByLabel("Routing number"), VALID.routing);
    await typeInto(page.getByLabel("Account number"), "123456789");
    await fillIndividual(page);
    await submitAndExpectCreated(page);
    await expect(page.getByTestId("destination")).toContainText("••••6789");
    await expect(page.getByTestId("wallet-qr")).toBeVisible();
  });

  test("IBAN: STABLECOIN_TO_FIAT to GBP, the sort code read from the UK IBAN, business beneficiary", async ({
    page,
  }) => {
    await openBuilder(page, "STABLECOIN_TO_FIAT");
    await typeInto(page.getByLabel(/Amount the recipient gets/), "80");
    await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
    await choose(destination(page).getByLabel("Currency"), "GBP");
    await typeInto(page.getByLabel("IBAN"), VALID.ibanGB);
    // One form suffices (walkthrough defect 10): the sort code is the IBAN's, shown, not asked.
    await expect(page.getByTestId("sort-code-from-iban")).toContainText("12-34-56");
    await expect(page.getByLabel("Sort code")).toHaveCount(0);
    await setChecked(page.getByRole("radio", { name: "Business" }));
    await typeInto(page.getByLabel("Business name"), "Acme Ltd");
    await submitAndExpectCreated(page);
    await expect(page.getByTestId("destination")).toContainText("••••5432");
  });

  test("CLABE: FIAT_TO_FIAT to MXN", async ({ page }) => {
    await openBuilder(page, "FIAT_TO_FIAT");
    await typeInto(page.getByLabel(/^Amount/), "1000");
    await choose(destination(page).getByLabel("Currency"), "MXN");
    await typeInto(page.getByLabel("CLABE"), VALID.clabe);
    await fillIndividual(page, "Frida", "Kahlo");
    await submitAndExpectCreated(page);
    await expect(page.getByTestId("destination")).toContainText("••••9719");
  });

  test("NGN account and bank code: STABLECOIN_TO_FIAT to NGN, with metadata", async ({ page }) => {
    await openBuilder(page, "STABLECOIN_TO_FIAT");
    await typeInto(page.getByLabel(/Amount the recipient gets/), "50000");
    await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
    await choose(destination(page).getByLabel("Currency"), "NGN");
    await typeInto(page.getByLabel("Bank code"), VALID.nuban.bank_code);
    await typeInto(page.getByLabel("Account number"), VALID.nuban.account_number);
    await fillIndividual(page, "Chinua", "Achebe");
    await page.getByRole("button", { name: "Add metadata" }).click();
    await typeInto(page.getByLabel("Key 1"), "invoice");
    await typeInto(page.getByLabel("Value 1"), "INV-42");
    await submitAndExpectCreated(page);
    await expect(page.getByTestId("destination")).toContainText("••••4579");
    await expect(page.getByText("INV-42").first()).toBeVisible();
  });
});

test("a bad IBAN is refused in the form, with the message on the field", async ({ page }) => {
  const errors = watchErrors(page);
  const actions: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.headers()["next-action"]) actions.push(r.url());
  });
  await openBuilder(page, "STABLECOIN_TO_FIAT");
  await typeInto(page.getByLabel(/Amount the recipient gets/), "100");
  await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
  await typeInto(page.getByLabel("IBAN"), "DE89370400440532013001"); // one digit off: mod-97 fails
  await fillIndividual(page);
  await page.getByRole("button", { name: "Create settlement request" }).click();

  const iban = page.getByLabel("IBAN");
  await expect(iban).toHaveAttribute("aria-invalid", "true");
  const describedBy = await iban.getAttribute("aria-describedby");
  const message = page.locator(`[id="${describedBy?.split(" ").at(-1)}"]`);
  await expect(message).toContainText("IBAN");
  await expect(iban).toBeFocused();
  await expect(page).toHaveURL(/\/settlement-requests\/new/);
  expect(actions).toEqual([]); // refused before anything was sent
  await lookAt(page, "test-results/screens/builder-bad-iban.png", { fullPage: true });
  expect(errors).toEqual([]);
});

test("a double-clicked submit creates one request", async ({ page, request }) => {
  const externalId = unique("dbl");
  await openBuilder(page, "STABLECOIN_TO_FIAT");
  await typeInto(page.getByLabel(/Amount the recipient gets/), "99");
  await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
  await typeInto(page.getByLabel("IBAN"), VALID.ibanDE);
  await fillIndividual(page);
  await typeInto(page.getByLabel("External ID"), externalId);
  await page.getByRole("button", { name: "Create settlement request" }).dblclick();
  await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
  // A second create from the second click would have ended by now: once a later call is logged, it would be too.
  await requestLogBarrier(request, sandboxKey());
  expect(await countByExternalId(request, externalId)).toBe(1);
});

test("after a create, Back and a changed form make a new request (a new Idempotency-Key), not a conflict", async ({
  page,
  request,
}) => {
  const externalId = unique("back");
  await openBuilder(page, "FIAT_TO_STABLECOIN");
  await fillOnRampToEthereum(page, "500", externalId);
  await submitAndExpectCreated(page);
  const first = page.url();

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "New settlement request" })).toBeVisible();
  await choose(page.getByRole("combobox", { name: "Type", exact: true }), "FIAT_TO_STABLECOIN");
  await fillOnRampToEthereum(page, "501", externalId);
  await submitAndExpectCreated(page);
  expect(page.url()).not.toBe(first);
  await expect(page.getByText("Idempotency-Key was used with a different request body")).toHaveCount(0);
  expect(await countByExternalId(request, externalId)).toBe(2);
});

test("support finds three requests sharing an external_id and opens one's timeline", async ({ page, request }) => {
  const errors = watchErrors(page);
  const externalId = unique("shared");
  for (let i = 0; i < 3; i++) await createRequestViaApi(request, externalId);
  await createRequestViaApi(request, unique("other"));

  await page.goto("/settlement-requests");
  await typeInto(page.getByLabel("External ID"), externalId);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("request-row")).toHaveCount(3);
  await expect(page.getByTestId("match-count")).toContainText("3 requests have external_id");
  await expect(page).toHaveURL(new RegExp(`external_id=${externalId}`));
  await lookAt(page, "test-results/screens/requests-search.png", { fullPage: true });

  // The export carries exactly the filtered list, amounts as decimal strings at their currency's places (issue 57).
  const csv = await (await page.request.get(`/settlement-requests/export?external_id=${externalId}`)).text();
  const lines = csv.trim().split(/\r\n/);
  expect(lines).toHaveLength(4);
  expect(lines[0]).toContain("amount,amount_currency");
  expect(lines[1]).toMatch(/,\d+\.\d{6},USDC,/);

  await page.getByTestId("request-row").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}$/);
  const timeline = page.getByTestId("timeline");
  await expect(timeline).toBeVisible();
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText("Created as");
  await expect(page.getByTestId("summary-external-id")).toContainText(externalId);
  expect(errors).toEqual([]);
});

test("a developer takes a request from REQUEST_STARTED to REQUEST_COMPLETED by clicks alone", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const { id } = await createRequestViaApi(request, unique("dev"));
  await page.goto(`/settlement-requests/${id}`);
  const status = page.getByTestId("request-status");
  await expect(status).toContainText("Request started");

  await page.getByRole("button", { name: "Mark funds sent" }).click();
  const dialog = page.getByRole("dialog");
  // the payer paid on Solana: an EVM-style hash is refused in the dialog, a Solana signature taken
  await typeInto(dialog.getByLabel("Transaction hash"), "0xfeedbeef01");
  await dialog.getByRole("button", { name: "Mark funds sent" }).click();
  await expect(dialog.getByText("Transaction hash is not a Solana transaction signature")).toBeVisible();
  await typeInto(dialog.getByLabel("Transaction hash"), VALID.solanaTx);
  await dialog.getByRole("button", { name: "Mark funds sent" }).click();
  await expect(status).toContainText("Funds sent");

  await page.getByRole("button", { name: "Payin received" }).click();
  // The simulated rails move the payout on: SETTLEMENT_SENT, then SETTLEMENT_COMPLETED.
  await expect(status).toContainText(/Settlement (sent|completed)/, { timeout: 20_000 });
  await page.getByRole("button", { name: "Complete request" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Complete request" }).click();
  await expect(status).toContainText("Request completed", { timeout: 10_000 });

  const entries = page.getByTestId("timeline-entry");
  await expect(entries.last()).toHaveAttribute("data-to", "REQUEST_COMPLETED");
  const steps = await entries.evaluateAll((els) => els.map((e) => e.getAttribute("data-to")));
  expect(steps[0]).toBe("REQUEST_STARTED");
  expect(steps).toContain("FUNDS_SENT");
  expect(steps).toContain("SETTLEMENT_SENT");
  expect(steps.at(-1)).toBe("REQUEST_COMPLETED");
  await lookAt(page, "test-results/screens/request-completed.png", { fullPage: true });
  expect(errors).toEqual([]);
});

test("sandbox: an inbound payment with a different amount is an amount mismatch", async ({ page, request }) => {
  const { id } = await createRequestViaApi(request, unique("mismatch"));
  await page.goto(`/settlement-requests/${id}`);
  await page.getByRole("button", { name: "Mark funds sent" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark funds sent" }).click();
  await expect(page.getByTestId("request-status")).toContainText("Funds sent");
  const panel = page.getByTestId("simulate-panel");
  await choose(panel.getByLabel("Payment", { exact: true }), "in");
  await choose(panel.getByLabel("Status", { exact: true }), "COMPLETED");
  await typeInto(panel.getByLabel("Amount received"), "1");
  await panel.getByRole("button", { name: "Apply to payment" }).click();
  await expect(page.getByTestId("request-status")).toContainText("Payin amount mismatch");
  await expect(page.getByTestId("summary-failure")).toContainText("UNDERPAYMENT");
});

test("a CAD destination shows its institution and transit numbers beside the masked account (issue 35, finding 20)", async ({
  page,
  request,
}) => {
  const res = await request.post("/v0/settlement-requests", {
    headers: { "X-Api-Key": sandboxKey(), "Idempotency-Key": unique("cad") },
    data: {
      type: "STABLECOIN_TO_FIAT",
      payment_reason: "RENT",
      source: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
      destination: {
        currency: "CAD",
        rail: "LOCAL",
        amount: "250.00",
        institution_number: "003",
        transit_number: "12345",
        account_number: "1234567",
        beneficiary: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Lovelace", address: { country_code: "CA" } },
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/settlement-requests/${id}`);
  const destination = page.getByTestId("destination");
  await expect(destination).toContainText("Institution number003");
  await expect(destination).toContainText("Transit number12345");
  await expect(destination).toContainText("••••4567");
  await expect(destination).toContainText("EFT");
});
