/**
 * The finance walkthrough's defects (issue 16), each as the person met it: the builder's source
 * and amount side, messages that name their field, a stale quote, pasted bank details, NUBAN on
 * blur, the route's minimum, quote → builder, GBP and account types, and the shareable
 * payment-instructions page.
 */
import { expect, test } from "@playwright/test";
import Decimal from "decimal.js";
import { openSearchByKeyboard } from "./support/hydration";
import {
  VALID,
  createRequestViaApi,
  destinationSection,
  openBuilder,
  openDateRange,
  sandboxKey,
  signIn,
  unique,
  watchErrors,
} from "./support/settlement";
import { choose, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.beforeEach(async ({ context, page }) => {
  await context.clearCookies();
  await signIn(page);
});

const destination = destinationSection;

test("1: FIAT_TO_FIAT and STABLECOIN_TO_STABLECOIN say where the money comes from and which side the amount is", async ({
  page,
}) => {
  await openBuilder(page, "FIAT_TO_FIAT");
  await choose(destination(page).getByLabel("Currency"), "EUR");
  await expect(page.getByTestId("default-source")).toContainText("USD over ACH");
  await expect(page.getByLabel("Amount the payer sends (USD)")).toBeVisible();

  await choose(page.getByRole("combobox", { name: "Type", exact: true }), "STABLECOIN_TO_STABLECOIN");
  await choose(destination(page).getByLabel("Currency"), "USDT");
  await expect(page.getByTestId("default-source")).toContainText("USDT");
  await expect(page.getByTestId("default-source")).toContainText("the destination's stablecoin");
  await expect(page.getByLabel("Amount the payer sends (USDT)")).toBeVisible();
});

test("3: a submitted empty form says, field by field, what is needed, in words", async ({ page }) => {
  await openBuilder(page, "STABLECOIN_TO_FIAT");
  await page.getByRole("button", { name: "Create settlement request" }).click();
  const form = page.getByRole("form", { name: "New settlement request" });
  await expect(form.getByText("IBAN is required")).toBeVisible();
  await expect(form.getByText("First name is required")).toBeVisible();
  await expect(form).not.toContainText("Invalid input");
  await expect(form).not.toContainText("received undefined");
});

test("4 and 8: a quote for other inputs is marked stale; an amount under the route's minimum says the minimum", async ({
  page,
}) => {
  await page.goto("/rates");
  await typeInto(page.getByLabel("You send"), "1000");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("quote-result")).toBeVisible();
  const create = page.getByRole("link", { name: "Create a settlement request from this quote" });
  await expect(create).toBeVisible();

  await typeInto(page.getByLabel("You send"), "12abc");
  await expect(page.getByTestId("quote-stale")).toBeVisible();
  await expect(create).toHaveCount(0);
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("quote-stale")).toBeVisible();
  await expect(create).toHaveCount(0);

  await typeInto(page.getByLabel("You send"), "0.001");
  await page.getByRole("button", { name: "Get quote" }).click();
  const minimum = page.getByTestId("quote-below-minimum");
  await expect(minimum).toContainText("The smallest amount you can send from USDC to EUR is");
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(page.getByText("sourceAmount:")).toHaveCount(0);
  await lookAt(page, "test-results/screens/rates-below-minimum.png", { fullPage: true });
  await minimum.getByRole("button", { name: /^Quote / }).click();
  await expect(page.getByTestId("quote-result")).toBeVisible();
  await expect(create).toBeVisible();
});

test("6 and 7: pasted bank details lose their separators and show it; a NUBAN is checked on blur", async ({ page }) => {
  await openBuilder(page, "FIAT_TO_FIAT");
  await typeInto(page.getByLabel(/^Amount/), "1,000");
  await page.getByLabel(/^Amount/).blur();
  await expect(page.getByLabel(/^Amount/)).toHaveValue("1000");
  await choose(destination(page).getByLabel("Currency"), "USD");
  const routing = page.getByLabel("Routing number");
  await typeInto(routing, "011-000-015");
  await routing.blur();
  await expect(routing).toHaveValue(VALID.routing);
  await typeInto(page.getByLabel("Account number"), " 1234 5678 ");
  await page.getByLabel("Account number").blur();
  await expect(page.getByLabel("Account number")).toHaveValue("12345678");
  await expect(destination(page).getByRole("alert")).toHaveCount(0);
  await expect(page.getByLabel("Account type").locator("option:checked")).toHaveText("Checking");

  await choose(destination(page).getByLabel("Currency"), "MXN");
  const clabe = page.getByLabel("CLABE");
  await typeInto(clabe, "032 180 000118359719");
  await clabe.blur();
  await expect(clabe).toHaveValue(VALID.clabe);

  await choose(destination(page).getByLabel("Currency"), "NGN");
  await typeInto(page.getByLabel("Bank code"), VALID.nuban.bank_code);
  const account = page.getByLabel("Account number");
  await typeInto(account, VALID.nuban.account_number.replace(/\d$/, "0"));
  await account.blur();
  await expect(page.getByText(`Account number is not a NUBAN of bank ${VALID.nuban.bank_code}`)).toBeVisible();
  await typeInto(account, VALID.nuban.account_number);
  await expect(page.getByText(`Account number is not a NUBAN of bank ${VALID.nuban.bank_code}`)).toHaveCount(0);
});

test("9 and 10: quote → builder keeps the country and the quoted amount; GBP reads the sort code from the IBAN", async ({
  page,
}) => {
  await page.goto("/rates");
  const to = page.getByRole("group", { name: "To" });
  await choose(to.getByLabel("Currency"), "EUR");
  await choose(to.getByLabel("Country"), "DE");
  await typeInto(page.getByLabel("You send"), "500");
  await page.getByRole("button", { name: "Get quote" }).click();
  const gets = (await page.getByTestId("quote-destination-amount").textContent()) ?? "";
  await page.getByRole("link", { name: "Create a settlement request from this quote" }).click();
  await expect(page).toHaveURL(/destination_country=DE/);
  await expect(page.locator('select[name="destination.beneficiary.address.country_code"]')).toHaveValue("DE");
  await expect(page.getByLabel(/Amount the recipient gets/)).toHaveValue(gets.replace(/[^\d.]/g, ""));

  // An on-ramp quote: the amount is the payer's, and what the recipient was quoted shows beside it.
  await page.goto("/rates");
  const from = page.getByRole("group", { name: "From" });
  await choose(from.getByLabel("Currency"), "USD");
  await choose(to.getByLabel("Currency"), "USDC");
  await typeInto(page.getByLabel("You send"), "250");
  await page.getByRole("button", { name: "Get quote" }).click();
  await expect(page.getByTestId("quote-result")).toBeVisible();
  await page.getByRole("link", { name: "Create a settlement request from this quote" }).click();
  await expect(page.getByLabel(/Amount the payer sends \(USD\)/)).toHaveValue("250.00");
  await expect(page.getByText(/Quoted: the recipient gets about .*USDC/)).toBeVisible();

  await openBuilder(page, "STABLECOIN_TO_FIAT");
  await choose(destination(page).getByLabel("Currency"), "GBP");
  await typeInto(page.getByLabel("IBAN"), "gb82 west 1234 5698 7654 32");
  await page.getByLabel("IBAN").blur();
  await expect(page.getByLabel("IBAN")).toHaveValue(VALID.ibanGB);
  await expect(page.getByTestId("sort-code-from-iban")).toContainText("12-34-56");
  await expect(page.getByLabel("Sort code")).toHaveCount(0);
});

test("11: a payer's link shows the instructions and nothing else, prints, and a changed link is refused", async ({
  page,
  request,
  browser,
}) => {
  const errors = watchErrors(page);
  const { id } = await createRequestViaApi(request, unique("share"));
  await page.goto(`/settlement-requests/${id}`);
  const share = page.getByTestId("share-instructions");
  await share.getByRole("button", { name: "Get a link for the payer" }).click();
  const link = page.getByTestId("instructions-link");
  await expect(link).toHaveText(/\/pay\/[\w-]+\.[\w-]+$/);
  const url = (await link.textContent()) ?? "";
  const amount = (await page.getByTestId("instructions-amount").textContent()) ?? "";

  // A payer: no session, a phone.
  const payer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const payerPage = await payer.newPage();
  await payerPage.goto(url);
  await expect(payerPage.getByRole("heading", { level: 1 })).toContainText("Send USDC");
  await expect(payerPage.getByTestId("instructions-amount")).toHaveText(amount);
  await expect(payerPage.getByTestId("instructions-wallet")).not.toBeEmpty();
  await expect(payerPage.getByRole("navigation")).toHaveCount(0);
  await expect(payerPage.getByText("Settlement Console")).toHaveCount(0);
  await expect(payerPage.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
  const width = await payerPage.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
  await lookAt(payerPage, "test-results/screens/pay-instructions-390.png", { fullPage: true });
  await payerPage.emulateMedia({ media: "print" });
  await expect(payerPage.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  await expect(payerPage.getByRole("button", { name: "Copy amount" })).toBeHidden();

  const [payload, sig] = url.split("/pay/")[1].split(".");
  await payerPage.goto(url.replace(`${payload}.${sig}`, `${payload}.${sig.slice(0, -3)}abc`));
  await expect(payerPage.getByTestId("instructions-ended")).toContainText("This link is not valid");
  await payer.close();
  expect(errors).toEqual([]);
});

test("search: ⌘K finds a request by id, by external_id in another case (every match), by hash and by last four; the list suggests it too", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const tag = unique("INV-MXN").toUpperCase();
  const first = await createRequestViaApi(request, tag);
  const second = await createRequestViaApi(request, tag.toLowerCase());
  await page.goto("/settlement-requests");

  // Keyboard: ⌘K / Ctrl+K from anywhere, paste, Enter opens the exact match.
  const box = await openSearchByKeyboard(page);
  await typeInto(box, first.id);
  await expect(page.getByTestId("search-hit")).toHaveCount(1);
  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/settlement-requests/${first.id}$`));

  // An external_id typed in lower case: both requests, the exact one first.
  await page.getByTestId("search-launcher").click();
  await typeInto(box, tag.toLowerCase());
  const hits = page.getByTestId("search-hit");
  await expect(hits).toHaveCount(2);
  await expect(hits.first()).toContainText("by external_id");
  await expect(hits.first()).toContainText(second.id);
  await expect(hits.nth(1)).toContainText("other case");
  await lookAt(page, "test-results/screens/search-1440.png");
  await box.press("ArrowDown");
  await expect(hits.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(hits.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/settlement-requests/${first.id}$`));

  // A transaction hash: the payment that carries it.
  const hash = `0x${Date.now().toString(16)}feed`;
  const put = await request.put(`/v0/settlement-requests/${first.id}`, {
    headers: { "X-Api-Key": sandboxKey() },
    data: { status: "FUNDS_SENT", txHash: hash },
  });
  expect(put.status()).toBe(200);
  await page.getByTestId("search-launcher").click();
  await typeInto(box, hash);
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText("Payment");
  await expect(hits.first()).toContainText("transaction hash");

  // The last four of the IBAN: recent requests paid to it.
  await typeInto(box, VALID.ibanDE.slice(-4));
  await expect(hits.filter({ hasText: first.id })).toHaveCount(1);
  await expect(hits.first()).toContainText("account ending");

  // Recent searches and pages come back on an empty box.
  await typeInto(box, "");
  await expect(page.getByTestId("search-results")).toContainText("Recent searches");
  await expect(page.getByTestId("search-results")).toContainText(tag.toLowerCase());
  await expect(page.getByTestId("search-results")).toContainText("Recent pages");
  await page.keyboard.press("Escape");

  // The list's own external_id search, in the wrong case or with a request id, suggests the match.
  await page.goto(`/settlement-requests?external_id=${encodeURIComponent(first.id)}`);
  await expect(page.getByTestId("did-you-mean")).toContainText("Settlement request");
  await page.getByTestId("did-you-mean").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/settlement-requests/${first.id}$`));
  expect(errors).toEqual([]);
});

test("search on a phone: the box is a button in the top bar and the dialog fits", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Find anything" }).click();
  await expect(page.getByRole("dialog", { name: "Search" }).getByLabel("Search")).toBeFocused();
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
  await lookAt(page, "test-results/screens/search-390.png");
});

test("a production create restates amount, currency, masked recipient and rail before anything moves", async ({
  page,
  baseURL,
}) => {
  await page
    .context()
    .addCookies([{ name: "console_env", value: "production", url: baseURL ?? "http://localhost:3100" }]);
  await openBuilder(page, "STABLECOIN_TO_FIAT");
  await typeInto(page.getByLabel(/Amount the recipient gets/), "12");
  await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
  await typeInto(page.getByLabel("IBAN"), VALID.ibanDE);
  await typeInto(page.getByLabel("First name"), "Ada");
  await typeInto(page.getByLabel("Last name"), "Lovelace");
  await page.getByRole("button", { name: "Create settlement request" }).click();
  const dialog = page.getByRole("dialog", { name: "Create in production?" });
  const summary = dialog.getByTestId("confirm-summary");
  await expect(summary).toContainText("Recipient gets");
  await expect(summary).toContainText("€12.00 by SEPA transfer");
  await expect(summary).toContainText("Ada Lovelace, IBAN ••••3000");
  await expect(summary).not.toContainText(VALID.ibanDE);
  await lookAt(page, "test-results/screens/confirm-production-create.png");
  await dialog.getByRole("button", { name: "Go back" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settlement-requests\/new/);
});

test("the created-date range is folded until used, and open with its dates when the URL carries them", async ({
  page,
}) => {
  await page.goto("/settlement-requests");
  await expect(page.getByRole("button", { name: "Created date" })).toBeVisible();
  await expect(page.getByLabel("Created from")).toHaveCount(0);
  await page.goto("/settlement-requests?created_from=2020-01-01&created_to=2020-01-31");
  await expect(page.getByRole("button", { name: "Created date" })).toHaveCount(0);
  await expect(page.getByLabel("Created from")).toHaveValue("2020-01-01");
  await expect(page.getByLabel("Created to")).toHaveValue("2020-01-31");
});

test("the list's date range and totals: the whole filtered set summed per currency, and the CSV follows the filters", async ({
  page,
  request,
}) => {
  const tag = unique("TOTALS");
  await createRequestViaApi(request, tag);
  await createRequestViaApi(request, tag);
  await page.goto(`/settlement-requests?external_id=${tag}`);
  const totals = page.getByTestId("list-totals");
  await expect(page.getByTestId("totals-count")).toHaveText("2");
  await expect(page.getByTestId("totals-recipient-gets")).toHaveText("€500.00");
  await expect(page.getByTestId("totals-payer-sends")).toContainText("USDC");

  const today = new Date().toISOString().slice(0, 10);
  await openDateRange(page);
  await typeInto(page.getByLabel("Created from"), today);
  await expect(page).toHaveURL(new RegExp(`created_from=${today}`));
  await expect(page.getByTestId("totals-count")).toHaveText("2");
  await typeInto(page.getByLabel("Created to"), "2020-01-01");
  await typeInto(page.getByLabel("Created from"), "2019-12-01");
  await expect(page.getByText("No matching requests")).toBeVisible();
  await page.getByRole("button", { name: "Any date" }).click();
  await expect(page.getByTestId("totals-count")).toHaveText("2");
  await expect(totals).toBeVisible();
  await lookAt(page, "test-results/screens/list-totals-1440.png", { fullPage: true });

  await typeInto(page.getByLabel("Created from"), today);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await (await download).createReadStream();
  const text = await new Promise<string>((resolve) => {
    let out = "";
    csv.on("data", (c: Buffer) => (out += c.toString()));
    csv.on("end", () => resolve(out));
  });
  const lines = text.trim().split("\n");
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((l) => l.includes(tag))).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(totals).toBeVisible();
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
  await lookAt(page, "test-results/screens/list-totals-390.png", { fullPage: true });
});

test("the balance statement: every movement with its cause and running balance, closing on what the API reports", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const created = await request.post("/v0/disbursements", {
    headers: { "X-Api-Key": sandboxKey(), "Idempotency-Key": unique("stmt") },
    data: { wallet_address: VALID.evm, amount: "12.5", currency: "USDC" },
  });
  expect(created.status()).toBe(201);
  const disbursement = (await created.json()) as { id: string };
  // Journeys on other workers move the same sandbox USDC balance at any moment: the page and the API are read
  // again until one read of each agrees.
  const usdcTotal = async () => {
    const info = (await (await request.get("/v0/sandbox/info", { headers: { "X-Api-Key": sandboxKey() } })).json()) as {
      balances: Array<{ currency: string; total_balance: string }>;
    };
    const usdc = info.balances.find((b) => b.currency === "USDC");
    if (!usdc) throw new Error("no USDC balance");
    return usdc.total_balance;
  };
  const amountOf = (text: string | null) => new Decimal((text ?? "").replace(/[^\d.]/g, ""));
  let closing = "";
  await expect(async () => {
    await page.goto("/balances");
    await expect(page.getByRole("heading", { level: 1, name: "Balances" })).toBeVisible();
    closing = (await page.getByTestId("statement-closing").textContent()) ?? "";
    const total = await usdcTotal();
    expect(amountOf(closing).eq(total)).toBe(true);
    // The last running balance is the closing balance.
    await expect(page.getByTestId("statement-balance-after").last()).toHaveText(closing, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("statement-opening")).toContainText("0");
  // The new reserve is there, linked to its disbursement.
  const reserve = page
    .getByTestId("statement-row")
    .filter({ hasText: "Reserved" })
    .filter({ hasText: disbursement.id.slice(0, 8) });
  await expect(reserve).toHaveCount(1);
  await lookAt(page, "test-results/screens/balances-1440.png", { fullPage: true });
  await reserve.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/disbursements/${disbursement.id}$`));

  // A range that starts tomorrow opens on today's closing and has no movements.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await expect(async () => {
    await page.goto(`/balances?currency=USDC&from=${tomorrow}`);
    await expect(page.getByText("No movements in this range")).toBeVisible();
    const opening = (await page.getByTestId("statement-opening").textContent()) ?? "";
    const total = await usdcTotal();
    expect(amountOf(opening).eq(total)).toBe(true);
    await expect(page.getByTestId("statement-closing")).toHaveText(opening, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await expect(async () => {
    const csv = await page.request.get("/balances/export?currency=USDC");
    expect(csv.status()).toBe(200);
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain("line,created_at,movement");
    expect(lines[1]).toMatch(/^opening,/);
    expect(lines.at(-1)).toMatch(/^closing,/);
    // At USDC's six places, as every amount in a file (issue 57).
    expect(lines.at(-1)).toContain(new Decimal(await usdcTotal()).toFixed(6));
  }).toPass({ timeout: 30_000 });

  // How the balance is funded, with the operator's exact command (issue 59).
  await page.goto("/balances");
  await expect(page.getByTestId("how-funded")).toContainText("How the sandbox is funded");
  await expect(page.getByTestId("how-funded")).toContainText("--environment sandbox --currency USDC");
  // In the sandbox, test money is one click away; the statement shows it (issue 59, decision D10.7).
  await page.goto("/balances?currency=EURC");
  const funds = page.getByTestId("add-sandbox-funds");
  const amountField = funds.getByLabel("Add EURC (test money)");
  await typeInto(amountField, "1.1234567");
  await funds.getByRole("button", { name: "Add funds" }).click();
  await expect(funds).toContainText("at most 6 decimal places");
  await expect(amountField).toHaveAttribute("aria-invalid", "true");
  await typeInto(amountField, "250.50");
  await funds.getByRole("button", { name: "Add funds" }).click();
  await expect(page.getByText(/Added to the sandbox: €?[\d,.]+ (EURC )?available now/)).toBeVisible();
  await expect(
    page.getByTestId("statement-row").filter({ hasText: "Added in the sandbox" }).filter({ hasText: "250.50" }).first(),
  ).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/balances");
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
  await lookAt(page, "test-results/screens/balances-390.png", { fullPage: true });
  expect(errors).toEqual([]);
});

test("overview: settled volume per day, fees, rates, time to settle and statuses, each chart with a table view", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const key = { "X-Api-Key": sandboxKey() };
  const { id } = await createRequestViaApi(request, unique("summary"));
  expect(
    (
      await request.patch(`/v0/sandbox/settlement-requests/${id}/status`, {
        headers: key,
        data: { status: "SETTLEMENT_SENT" },
      })
    ).status(),
  ).toBe(200);
  expect(
    (await request.put(`/v0/settlement-requests/${id}`, { headers: key, data: { status: "COMPLETED" } })).status(),
  ).toBe(200);
  const summary = (await (await request.get("/v0/summary", { headers: key })).json()) as {
    settled: number;
    fees: Array<{ currency: string }>;
  };
  const listed = (await (await request.get("/v0/settlement-requests?page_size=1", { headers: key })).json()) as {
    pagination: { total: number };
  };

  await page.goto("/");
  // Right now: every request's count, and the last 30 days by status group (from running counts).
  const figures = page.getByTestId("live-figures");
  await expect(figures).toContainText("Status groups count the requests created in the last 30 days.");
  expect(Number(await page.getByTestId("figure-total").textContent())).toBeGreaterThanOrEqual(listed.pagination.total);
  expect(Number(await page.getByTestId("figure-success").textContent())).toBeGreaterThanOrEqual(1);
  const section = page.getByTestId("finance-summary");
  await expect(section.getByRole("heading", { name: "Settlements, last 30 days" })).toBeVisible();
  await expect(page.getByTestId("summary-settled")).toHaveText(String(summary.settled));
  await expect(page.getByTestId("summary-fees")).toContainText(summary.fees[0].currency);
  await expect(page.getByTestId("summary-success-rate")).toHaveText(/%$/);
  const volume = page.getByTestId("chart-volume-EUR");
  await expect(volume.getByRole("img", { name: /Settled volume per day, EUR/ })).toBeVisible();
  await expect(volume.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await volume.getByText("Table view").click();
  await expect(volume.getByRole("table")).toContainText(new Date().toISOString().slice(0, 10));
  const statuses = page.getByTestId("chart-statuses");
  await statuses.getByText("Table view").click();
  await expect(statuses.getByRole("table")).toContainText("Request completed");
  await lookAt(page, "test-results/screens/overview-summary-1440.png", { fullPage: true });

  await section.getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/\?range=7$/);
  await expect(section.getByRole("heading", { name: "Settlements, last 7 days" })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByTestId("chart-volume-EUR")).toBeVisible();
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
  await lookAt(page, "test-results/screens/overview-summary-390.png", { fullPage: true });
  expect(errors).toEqual([]);
});

test("payments: the same date range and totals, and their CSV follows the filters", async ({ page, request }) => {
  const { id } = await createRequestViaApi(request, unique("pay-totals"));
  await page.goto(`/payments?settlement_request_id=${id}`);
  await expect(page.getByTestId("totals-count")).toHaveText("2");
  await expect(page.getByTestId("totals-amounts")).toContainText("USDC");
  await expect(page.getByTestId("totals-amounts")).toContainText("€250.00");
  await openDateRange(page);
  await typeInto(page.getByLabel("Created to"), "2020-01-01");
  await expect(page.getByText("No matching payments")).toBeVisible();
  await page.getByRole("button", { name: "Any date" }).click();
  await expect(page.getByTestId("totals-count")).toHaveText("2");
  const csv = await page.request.get(`/payments/export?settlement_request_id=${id}`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toContain("id,type,status,amount,currency");
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((l) => l.includes(id))).toBe(true);
});

test("disbursements: every one of the environment, with filters, a date range, totals and a CSV that follows them", async ({
  page,
  request,
}) => {
  const errors = watchErrors(page);
  const created = await request.post("/v0/disbursements", {
    headers: { "X-Api-Key": sandboxKey(), "Idempotency-Key": unique("disb-list") },
    data: { wallet_address: VALID.tron, amount: "7.77", currency: "USDT" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // Made through the API, not the console: listed all the same, with no console creator.
  await page.goto("/disbursements?currency=USDT");
  await expect(page.getByLabel("Currency")).toHaveValue("USDT");
  const row = page.getByTestId("disbursement-row").filter({ hasText: id.slice(0, 8) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("7.77");
  await expect(page.getByTestId("totals-amounts")).toContainText("USDT");
  await expect(page.getByTestId("totals-amounts")).not.toContainText("USDC");
  const count = Number(await page.getByTestId("totals-count").textContent());
  expect(count).toBeGreaterThanOrEqual(1);

  // The CSV follows the filters: USDT only, this disbursement among them.
  const csv = await page.request.get("/disbursements/export?currency=USDT");
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe(
    "id,status,amount,currency,chain,wallet_address,destination_id,payment_id,failure_code,failure_reason,created_at,completed_at,reference,batch_id,batch_row",
  );
  expect(lines.length - 1).toBeGreaterThanOrEqual(count);
  expect(lines.slice(1).every((l) => l.split(",")[3] === "USDT")).toBe(true);
  expect(lines.some((l) => l.startsWith(id))).toBe(true);

  // A range before anything existed: nothing; any date again: back.
  await openDateRange(page);
  await typeInto(page.getByLabel("Created to"), "2020-01-01");
  await expect(page.getByText("No matching disbursements")).toBeVisible();
  await expect(page).toHaveURL(/created_to=2020-01-01/);
  await expect(page.getByTestId("totals-count")).toHaveText("0");
  await page.getByRole("button", { name: "Any date" }).click();
  await expect(row).toHaveCount(1);
  await lookAt(page, "test-results/screens/disbursements-totals-1440.png", { fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("list-totals")).toBeVisible();
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(width).toBeLessThanOrEqual(390);
  await lookAt(page, "test-results/screens/disbursements-totals-390.png", { fullPage: true });
  expect(errors).toEqual([]);
});
