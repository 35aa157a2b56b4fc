/**
 * Month-end (issue 46), as finance works it in sandbox: expected settlements imported from CSV
 * are matched automatically to the sandbox payments, with their reasons; three exceptions are
 * worked (a manual match, an accepted underpayment, a write-off an approver approves); the
 * month is closed with its balance proof, and an adjustment after the lock lands in the next
 * month. The sandbox exception pack makes every kind of exception at once, with its ground truth.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readSheet } from "read-excel-file/node";
import { choose, setChecked, typeInto } from "./support/forms";
import { sandboxKey } from "./support/settlement";
import { lookAt } from "./support/screens";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const tag = Date.now().toString(36).toUpperCase();
const WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

/**
 * The sandbox's today (its clock) and month. These journeys run on a console of their own (the
 * "clock" project), whose sandbox clock they may move: unless it is on a 3rd already, they move
 * it to the 3rd of next month, 12:00 UTC, so every run works the same day of the month whatever
 * the calendar says (a window can end before today in the same month) and no other journey sees
 * the move.
 */
async function sandboxToday(request: APIRequestContext): Promise<{ today: string; yesterday: string; period: string }> {
  const headers = { "X-Api-Key": sandboxKey() };
  const clock = await request.get("/v0/sandbox/clock", { headers });
  expect(clock.status()).toBe(200);
  let { now } = (await clock.json()) as { now: string };
  const third = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 3, 12);
  // Once on the 3rd it stays there (every test of the file asks; the clock panel's journey may have moved it first).
  const pinned = now.slice(8, 10) === "03" && Number(now.slice(11, 13)) >= 12 && Number(now.slice(11, 13)) < 16;
  let left = pinned ? 0 : Math.floor((third(new Date(now)) - Date.parse(now)) / 1000);
  while (left > 0) {
    const seconds = Math.min(left, 2_592_000); // the most one advance takes
    const moved = await request.post("/v0/sandbox/clock/advance", { headers, data: { seconds } });
    expect(moved.status()).toBe(200);
    now = ((await moved.json()) as { now: string }).now;
    left -= seconds;
  }
  const today = now.slice(0, 10);
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { today, yesterday, period: today.slice(0, 7) };
}

/** A sandbox payment from a payer: a FIAT_TO_STABLECOIN request completed with what arrived. Returns the payment's id. */
async function paid(request: APIRequestContext, amount: string, reference: string, received?: string): Promise<string> {
  const headers = { "X-Api-Key": sandboxKey() };
  const made = await request.post("/v0/settlement-requests", {
    headers: { ...headers, "Idempotency-Key": crypto.randomUUID() },
    data: {
      type: "FIAT_TO_STABLECOIN",
      payment_reason: "PURCHASE_OF_GOODS",
      amount,
      source: { currency: "USD", rail: "ACH", country_code: "US" },
      destination: { currency: "USDC", rail: "ETHEREUM", wallet_address: WALLET },
      external_id: reference,
      metadata: { counterparty: `Payer ${reference}` },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const inbound = ((await made.json()) as { inbound_payment: { id: string } }).inbound_payment.id;
  const done = await request.patch(`/v0/sandbox/payments/${inbound}/status`, {
    headers,
    data: { status: "COMPLETED", ...(received ? { amount: received } : {}) },
  });
  expect(done.status(), await done.text()).toBe(200);
  return inbound;
}

/** How many boxes inside `box` (itself included) scroll sideways: their content is wider than they are. */
async function scrollsSideways(box: Locator): Promise<number> {
  return box.evaluate(
    (el) =>
      [el, ...el.querySelectorAll("*")].filter(
        (n) => n.scrollWidth > n.clientWidth + 1 && /(auto|scroll)/.test(getComputedStyle(n).overflowX),
      ).length,
  );
}

async function openException(page: Page, period: string, kind: string, text: string) {
  await page.goto(`/reconciliation?period=${period}&view=exceptions&kind=${kind}`);
  const row = page.getByTestId("exception-row").filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await row.getByRole("link").first().click();
  await expect(page.getByTestId("exception-detail")).toContainText(text);
}

test("finance imports expected settlements, sees the automatic matches with their reasons, and works three exceptions", async ({
  page,
  request,
  signInAs,
  ensurePeople,
}) => {
  await ensurePeople("finance");
  const { today, yesterday, period } = await sandboxToday(request);

  const ref = (n: number) => `INV-${tag}-${n}`;
  await paid(request, "1200.00", ref(1));
  await paid(request, "2500.00", ref(2), "2485.00"); // a wire fee of 15.00 deducted
  await paid(request, "3000.00", ref(3), "2700.00"); // 300.00 short
  const stray = await paid(request, "4321.09", `WRONG-${tag}`); // paid with the wrong reference
  const csv = [
    "direction,amount,currency,tolerance_abs,tolerance_pct,window_start,window_end,counterparty,reference",
    `in,1200.00,USD,25,0.1,${period}-01,${today},Payer ${ref(1)},${ref(1)}`,
    `in,2500.00,USD,25,0.1,${period}-01,${today},Payer ${ref(2)},${ref(2)}`,
    `in,3000.00,USD,25,0.1,${period}-01,${today},Payer ${ref(3)},${ref(3)}`,
    // Their windows are over: nothing arrived for them (under their reference) by yesterday.
    `in,4321.09,USD,25,0.1,${period}-01,${yesterday},Payer ${ref(4)},${ref(4)}`,
    `in,999.00,USD,25,0.1,${period}-01,${yesterday},Payer ${ref(5)},${ref(5)}`,
  ].join("\n");

  const finance = await signInAs("finance");
  await finance.goto(`/reconciliation?period=${period}`);
  // A file with a bad row imports nothing and names the line and column.
  await finance.getByTestId("import-expected").click();
  // A file over the import's size is refused before it is sent, with what to do instead.
  await finance.getByTestId("import-expected-file").setInputFiles({
    name: "year.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${csv}\n${"x".repeat(950 * 1024)}`),
  });
  await finance.getByTestId("import-expected-submit").click();
  await expect(finance.getByRole("dialog")).toContainText(
    "The file is larger than 900 KB: split the month into several files.",
  );
  await finance.getByTestId("import-expected-file").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${csv}\nin,12.345,USD,0,0,${today},${today},,`),
  });
  await finance.getByTestId("import-expected-submit").click();
  await expect(finance.getByTestId("import-problems")).toContainText("Line 7, amount: At most 2 decimals in USD");
  await finance
    .getByTestId("import-expected-file")
    .setInputFiles({ name: "expected.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await finance.getByTestId("import-expected-submit").click();
  await expect(finance.getByTestId("import-expected-done")).toContainText("5 expected settlements imported");
  await finance.getByRole("button", { name: "Done" }).click();

  await finance.getByTestId("run-matching").click();
  await expect(finance.getByText(/\d+ match(es)?, \d+ exceptions?/)).toBeVisible({ timeout: 30_000 });

  // The matches, with their reasons: exact, and a wire fee within tolerance.
  await finance.goto(`/reconciliation?period=${period}&view=expected`);
  // The invoices (in): each request's payout is expected too (out), under the same reference.
  const state = (n: number) =>
    finance.locator('[data-testid="expected-row"][data-direction="in"]').filter({ hasText: ref(n) });
  await expect(state(1)).toHaveAttribute("data-state", "matched");
  await expect(state(2)).toHaveAttribute("data-state", "matched");
  await expect(state(3)).toHaveAttribute("data-state", "exception");
  await finance.goto(`/reconciliation?period=${period}&view=matches`);
  const fee = finance.getByTestId("match-row").filter({ hasText: ref(2) });
  await expect(fee).toContainText("-$15.00");
  await expect(fee.getByTestId("match-reasons")).toContainText("Same reference");
  await expect(fee.locator('[data-reason="amount_within_tolerance"]')).toBeVisible();
  await fee.getByRole("link").first().click();
  await expect(finance.getByTestId("match-detail")).toContainText(ref(2));
  await expect(finance.getByTestId("match-detail")).toContainText("Amount within tolerance: -$15.00 difference");
  await lookAt(finance, "test-results/screens/reconciliation-match-1440.png", { fullPage: true });

  // 1. The underpayment, accepted as it is.
  await openException(finance, period, "underpaid", ref(3));
  // The detail beside the queue shows each row whole: its reference, window and tolerance, nothing scrolled away.
  const detail = finance.getByTestId("exception-detail");
  await expect(detail.getByTestId("expected-item")).toContainText(ref(3));
  await expect(detail.getByTestId("expected-item")).toContainText(
    /Window \d{4}-\d\d-\d\d → \d{4}-\d\d-\d\d, tolerance/,
  );
  await expect(detail.getByTestId("movement-item")).toContainText("+$2,700.00");
  // Neither the queue nor the detail beside it scrolls sideways at 1440 px: age and owner fold under the note.
  const queue = finance.getByTestId("exception-row").first().locator("xpath=ancestor::table/..");
  await expect(finance.getByTestId("exception-row").filter({ hasText: ref(3) })).toContainText("today · nobody has it");
  for (const box of [detail, queue]) expect(await scrollsSideways(box)).toBe(0);
  await lookAt(finance, "test-results/screens/reconciliation-queue-1440.png", { fullPage: true });
  await typeInto(finance.getByTestId("exception-note"), "Agreed 10 % discount for late delivery");
  await finance.getByTestId("accept-difference").click();
  // Once worked, the page shows how (the refreshed exception is no longer open).
  await expect(finance.getByTestId("exception-outcome")).toContainText(
    "Accepted: Agreed 10 % discount for late delivery",
  );

  // 2. The invoice paid with the wrong reference, matched by hand to that payment.
  await openException(finance, period, "unmatched_expected", ref(4));
  const pick = finance.locator(`[data-testid="pick-movement"][data-movement="${stray}"]`);
  await setChecked(pick);
  for (const other of await finance.locator('[data-testid="pick-movement"]:checked').all())
    if ((await other.getAttribute("data-movement")) !== stray) await setChecked(other, false);
  await typeInto(finance.getByTestId("exception-note"), "Payer used their own reference");
  await finance.getByTestId("match-by-hand").click();
  await expect(finance.getByTestId("exception-outcome")).toContainText("Matched by hand");

  // An administrator's rule: write-offs (and accepted differences) in sandbox wait for someone else's approval.
  const rule = `E2E write-offs ${tag}`;
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), rule);
  await setChecked(page.getByLabel("Production"), false);
  await setChecked(page.getByLabel("Sandbox"));
  for (const a of ["Settlement request", "Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
  await setChecked(page.getByLabel("Reconciliation write-off"));
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
  const ruleHref = (await page.getByRole("link", { name: rule }).getAttribute("href")) ?? "";
  // 3. The invoice never paid, written off: the rule holds it until an administrator approves.
  await openException(finance, period, "unmatched_expected", ref(5));
  await typeInto(finance.getByTestId("exception-note"), "Customer insolvent");
  await finance.getByTestId("write-off").click();
  const held = finance.getByTestId("held-for-approval");
  await expect(held).toContainText(`“${rule}” needs 1 approval`);
  await held.getByRole("link", { name: "Follow it on the Approvals page" }).click();
  await finance.waitForURL(/\/approvals\/sub_/);
  const submission = finance.url().replace(/^.*\/approvals\//, "");
  await page.goto(`/approvals/${submission}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `Write off USD 999.00 (${ref(5)}): Customer insolvent`,
  );
  await page.getByRole("button", { name: "Approve and send" }).click();
  await expect(page.getByTestId("submission-status")).toHaveAttribute("data-status", "sent");
  await finance.goto(`/reconciliation?period=${period}&view=expected`);
  await expect(state(5)).toHaveAttribute("data-state", "written_off");
  await expect(state(4)).toHaveAttribute("data-state", "matched");
  await expect(state(3)).toHaveAttribute("data-state", "matched");

  // The rule goes off again: other journeys write off freely.
  await page.goto(ruleHref);
  await setChecked(page.getByLabel("On (holds new submissions)"), false);
  await page.getByRole("button", { name: "Save a new version" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
});

test("finance runs the month's reconciliation report as XLSX (its link downloads without a session, it reads back with another library), and a schedule delivers a signed report_run.succeeded to a local receiver", async ({
  request,
  signInAs,
  playwright,
  baseURL,
}) => {
  const { period } = await sandboxToday(request);
  const finance = await signInAs("finance");
  await finance.goto("/reports");
  await choose(finance.getByRole("combobox", { name: "Report", exact: true }), "reconciliation");
  await typeInto(finance.getByLabel("Month"), period);
  await choose(finance.getByLabel("Format"), "xlsx");
  await finance.getByTestId("run-report").click();
  const run = finance.locator('[data-testid="report-run"][data-definition="reconciliation"]').first();
  await expect(run).toHaveAttribute("data-status", "succeeded", { timeout: 30_000 });
  await lookAt(finance, "test-results/screens/reports-1440.png", { fullPage: true });
  const href = (await run.getByTestId("report-download").getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/reports\/download\//);
  // No cookies: the signed link is the permission.
  const outsider = await playwright.request.newContext({ baseURL });
  const got = await outsider.get(href);
  expect(got.status()).toBe(200);
  const bytes = await got.body();
  const manifest = (await (await outsider.get(`${href}?manifest=1`)).json()) as { sha256: string; rows: number };
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(manifest.sha256);
  const sheet = await readSheet(bytes);
  expect(sheet[0]?.slice(0, 3)).toEqual(["record", "id", "kind"]);
  expect(sheet.length - 1).toBe(manifest.rows);
  const col = (name: string) => (sheet[0] ?? []).indexOf(name);
  expect(
    sheet.some(
      (row) => row[0] === "match" && String(row[col("note")] ?? "").includes("Payer used their own reference"),
    ),
  ).toBe(true);
  // An accountant posts from the file (issue 59): each match names the invoice and the payment, with their amounts.
  const posted = sheet.find(
    (row) => row[0] === "match" && String(row[col("expected_reference")] ?? "").startsWith("INV-"),
  );
  expect(posted, "a match with its invoice reference").toBeDefined();
  expect(String(posted?.[col("expected_amount")])).toMatch(/^-?\d+\.\d{2}(\d{4})?$/);
  expect(String(posted?.[col("movement_amount")])).toMatch(/^-?\d+\.\d{2}(\d{4})?$/);
  expect(String(posted?.[col("movement_date")])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect((await outsider.get(`${href.slice(0, -3)}abc`)).status()).toBe(404);
  await outsider.dispose();

  // Scheduled, and delivered to a local receiver that checks the signature with the secret shown once.
  const received: Array<{ header: string; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString("utf8");
    });
    req.on("end", () => {
      received.push({ header: String(req.headers["x-service-signature"] ?? ""), body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const port = (receiver.address() as AddressInfo).port;
    const schedule = finance.getByTestId("schedule-form");
    await choose(schedule.getByRole("combobox", { name: "Scheduled report" }), "payments");
    await choose(schedule.getByRole("combobox", { name: "Every" }), "monthly");
    await typeInto(schedule.getByLabel("Webhook URL"), `http://127.0.0.1:${port}/report-hook`);
    await setChecked(schedule.getByLabel("Also run it once now"));
    await finance.getByTestId("create-schedule").click();
    const secret =
      (await finance.getByTestId("schedule-secret").getByTestId("one-time-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const hook = received[0] as { header: string; body: string };
    // As a receiver checks it: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">, recent.
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(hook.header) ?? [];
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    const expected = createHmac("sha256", secret).update(`${t}.${hook.body}`).digest();
    expect(timingSafeEqual(expected, Buffer.from(v1 ?? "", "hex"))).toBe(true);
    const event = JSON.parse(hook.body) as {
      type: string;
      data: { report: string; sha256: string; download_url: string };
    };
    expect(event).toMatchObject({ type: "report_run.succeeded", data: { report: "payments" } });
    const file = await request.get(new URL(event.data.download_url).pathname);
    expect(
      createHash("sha256")
        .update(await file.body())
        .digest("hex"),
    ).toBe(event.data.sha256);
    await finance.reload();
    await expect(finance.getByTestId("run-delivery").first()).toHaveAttribute("data-delivery", "delivered");
  } finally {
    receiver.close();
  }
});

test("the sandbox exception pack makes every kind of exception, and matching finds each as its ground truth says", async ({
  page,
  request,
}) => {
  const { period } = await sandboxToday(request);
  await page.goto(`/reconciliation?period=${period}`);
  await page.getByTestId("create-exception-pack").click();
  const truth = page.getByTestId("pack-ground-truth");
  // The pack makes a month through the API (some twenty requests and their payments): seconds on a busy machine.
  await expect(truth).toContainText("Wire fee of 15.00 deducted", { timeout: 30_000 });
  await expect(truth).toContainText("Exception: Duplicate");
  const paidTwice = (await truth.getByRole("listitem").filter({ hasText: "Paid twice" }).textContent()) ?? "";
  const twiceRef = /INV-[\w-]+/.exec(paidTwice)?.[0] ?? "";
  expect(twiceRef).not.toBe("");
  await page.getByRole("button", { name: "Done" }).click();
  const period2 = (await page.getByTestId("recon-period").getAttribute("data-period")) ?? period;
  await page.goto(`/reconciliation?period=${period2}`);
  await page.getByTestId("run-matching").click();
  await expect(page.getByText(/\d+ match(es)?, \d+ exceptions?/)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/reconciliation?period=${period2}&view=exceptions`);
  for (const kind of ["duplicate", "late", "underpaid", "overpaid", "returned", "ambiguous"])
    await expect(page.locator(`[data-testid="exception-row"][data-kind="${kind}"]`).first()).toBeVisible();
  // The payin paid twice waits on Returns (issue 64): a USD payin goes back outside the API, so it is
  // kept as the payer's credit; the next run closes its duplicate, saying so.
  const twiceException = page
    .locator('[data-testid="exception-row"][data-kind="duplicate"]')
    .filter({ hasText: twiceRef });
  await expect(twiceException).toHaveCount(1);
  await page.goto("/returns");
  const twice = page.getByTestId("payin-case").filter({ hasText: twiceRef });
  await expect(twice).toContainText("Paid twice");
  await twice.getByTestId("decide-payin").click();
  const decide = page.getByRole("dialog");
  await expect(decide).toContainText("returned to the payer outside the console");
  await typeInto(decide.getByTestId("accept-note"), "Credit on the next invoice");
  await decide.getByTestId("accept-payin").click();
  await expect(decide.getByTestId("payin-decided")).toContainText("Keep it as the payer's credit: recorded.");
  await page.keyboard.press("Escape");
  await page.goto(`/reconciliation?period=${period2}`);
  await page.getByTestId("run-matching").click();
  await expect(page.getByText(/\d+ match(es)?, \d+ exceptions?/)).toBeVisible({ timeout: 30_000 });
  await page.goto(`/reconciliation?period=${period2}&view=exceptions`);
  await expect(twiceException).toHaveCount(0);
  await page.goto(`/reconciliation?period=${period2}&view=exceptions&status=worked`);
  const worked = page.getByTestId("exception-row").filter({ hasText: twiceRef });
  await expect(worked).toContainText("resolved by");
  await worked.getByRole("link").first().click();
  await expect(page.getByTestId("exception-outcome")).toContainText(
    "Kept as the payer's credit (Returns): Credit on the next invoice",
  );
  // The Expected tab says which way each goes: the pack's invoices come in, the payouts the API
  // sent for them go out under the same references (issue 59).
  await page.goto(`/reconciliation?period=${period2}&view=expected`);
  const expectedRows = page.getByTestId("expected-row");
  await expect(expectedRows.and(page.locator('[data-direction="out"]')).first()).toContainText("Payout the API sent");
  await page.getByRole("link", { name: "Coming in (invoices)" }).click();
  await expect(page.getByRole("link", { name: "Coming in (invoices)" })).toHaveAttribute("aria-current", "true");
  await expect(expectedRows.first()).toContainText("Invoice, sandbox pack");
  await expect(expectedRows.and(page.locator('[data-direction="out"]'))).toHaveCount(0);
  // The rules, backtested before a change: without the counterparty rule, the invoice paid without a reference is lost.
  await page.goto(`/reconciliation?period=${period2}&view=rules`);
  await setChecked(page.locator('[data-rule="counterparty"]').getByLabel("On"), false);
  await page.getByTestId("backtest-rules").click();
  const month = page.getByTestId("rules-backtest").getByRole("row").filter({ hasText: period2 });
  await expect(month).toContainText(/\+0 \/ −[1-9]/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reconciliation?period=${period2}&view=exceptions`);
  // On a phone the queue is two columns: the difference, age and owner are read under the note.
  const underpaid = page.locator('[data-testid="exception-row"][data-kind="underpaid"]').first();
  await expect(underpaid).toContainText(/-\$[\d,]+\.\d\d · today · nobody has it/);
  expect(await scrollsSideways(page.getByTestId("exception-row").first().locator("xpath=ancestor::table/.."))).toBe(0);
  await lookAt(page, "test-results/screens/reconciliation-queue-390.png", { fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // The last tab is past the strip's edge on a phone: a page opened on it shows it, marked.
  await page.goto(`/reconciliation?period=${period2}&view=rules`);
  const views = page.getByRole("navigation", { name: "Reconciliation views" });
  await expect(views.getByRole("link", { name: "Rules" })).toHaveAttribute("aria-current", "page");
  await expect(views.getByRole("link", { name: "Rules" })).toBeInViewport({ ratio: 0.9 });
});

test("finance closes the month with its balance proof; a change after the lock is an adjustment in the next month", async ({
  request,
  signInAs,
}) => {
  const { period } = await sandboxToday(request);
  const finance = await signInAs("finance");
  // EURC: the sandbox's pre-funded balance, which no journey moves, so nothing is left open in it.
  await finance.goto(`/reconciliation?period=${period}&view=close&currency=EURC`);
  // The month's in transit and FX are read by its matching run: a close before one says so and waits for it.
  if ((await finance.getByTestId("in-transit").getAttribute("data-read")) === "false") {
    await expect(finance.getByTestId("lock-blocker")).toContainText("run matching first");
    await finance.getByTestId("run-matching").click();
    await expect(finance.getByText(/\d+ match(es)?, \d+ exceptions?/)).toBeVisible({ timeout: 30_000 });
    await finance.reload();
  }
  await expect(finance.getByTestId("in-transit")).toContainText("Read with FX by the month's matching run");
  const proof = finance.getByTestId("balance-proof");
  await expect(proof).toHaveAttribute("data-balances", "true");
  await expect(proof).toContainText("It balances, to the cent.");
  await lookAt(finance, "test-results/screens/reconciliation-close-1440.png", { fullPage: true });
  // A retry finds the month already locked.
  if ((await finance.getByTestId("period-locked").count()) === 0) {
    await finance.getByTestId("lock-period").click();
    await expect(finance.getByTestId("period-locked")).toBeVisible();
  }
  await expect(finance.getByTestId("lock-period")).toHaveCount(0);
  await expect(finance.getByTestId("close-pack")).toContainText(/Locked by \S+@\S+, /);
  const note = `Network fee found after close ${tag}`;
  await typeInto(finance.getByTestId("adjustment-amount"), "-1.50");
  await typeInto(finance.getByTestId("adjustment-note"), note);
  await finance.getByTestId("record-adjustment").click();
  const next = new Date(`${period}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const nextPeriod = next.toISOString().slice(0, 7);
  await expect(finance.getByText(`Adjustment recorded in ${nextPeriod}`)).toBeVisible();
  await finance.goto(`/reconciliation?period=${nextPeriod}&view=close&currency=EURC`);
  const row = finance.getByTestId("adjustment-row").filter({ hasText: note });
  await expect(row).toContainText(period);
  await expect(row).toContainText("-1.50");
  // A late invoice of the locked month (issue 57): refused there, recorded in the next open month with its lock named.
  const late = `LATE-${tag}`;
  await finance.goto(`/reconciliation?period=${period}&view=expected`);
  await finance.getByTestId("import-expected").click();
  await finance.getByTestId("import-expected-file").setInputFiles({
    name: "late.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      [
        "direction,amount,currency,tolerance_abs,tolerance_pct,window_start,window_end,counterparty,reference",
        `in,25.00,EURC,0,0,${period}-01,${period}-02,Late payer ${tag},${late}`,
      ].join("\n"),
    ),
  });
  await finance.getByTestId("import-expected-submit").click();
  const notices = finance.getByTestId("late-notices");
  await expect(notices).toContainText(`${late}: ${period} is closed for EURC, so it was recorded in ${nextPeriod}`);
  await lookAt(finance, "test-results/screens/reconciliation-late-import.png");
  await finance.getByRole("button", { name: "Done" }).click();
  await expect(finance.getByTestId("expected-row").filter({ hasText: late })).toHaveCount(0);
  await finance.goto(`/reconciliation?period=${nextPeriod}&view=close&currency=EURC`);
  const lateRow = finance.getByTestId("adjustment-row").filter({ hasText: late });
  await expect(lateRow).toContainText(period);
  await expect(lateRow).toContainText("25.00");
  await finance.setViewportSize({ width: 390, height: 844 });
  await finance.goto(`/reconciliation?period=${period}&view=close&currency=EURC`);
  await lookAt(finance, "test-results/screens/reconciliation-close-390.png", { fullPage: true });
  expect(await finance.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("support reads the month and its queue, and sees no control it cannot use", async ({ request, signInAs }) => {
  const { period } = await sandboxToday(request);
  const support = await signInAs("support");
  await support.goto(`/reconciliation?period=${period}`);
  await expect(support.getByTestId("recon-summary")).toBeVisible();
  for (const control of ["Run matching", "Import CSV", "Expected settlement", "Create a sandbox exception pack"])
    await expect(support.getByRole("button", { name: control })).toHaveCount(0);
  await support.goto(`/reconciliation?period=${period}&view=exceptions`);
  const first = support.getByTestId("exception-row").first();
  await first.getByRole("link").first().click();
  await expect(support.getByTestId("exception-detail")).toContainText("Your role reads the queue; finance works it.");
  await expect(support.getByTestId("write-off")).toHaveCount(0);
  await support.goto(`/reconciliation?period=${period}&view=close&currency=USD`);
  await expect(support.getByTestId("lock-period")).toHaveCount(0);
  await support.setViewportSize({ width: 390, height: 844 });
  await expect(support.getByTestId("balance-proof")).toBeVisible();
  await lookAt(support, "test-results/screens/reconciliation-close-support-390.png", { fullPage: true });
  expect(await support.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await support.setViewportSize({ width: 1440, height: 900 });
  await support.goto(`/reconciliation?period=${period}&view=rules`);
  await expect(support.getByTestId("save-rules")).toHaveCount(0);
});
