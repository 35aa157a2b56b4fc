/**
 * Batches that tell the truth about money (issue 44): a payroll file as people have it (semicolons,
 * codes in lower case, extra columns such as employee_id, note and reference) loads, its extra
 * columns are kept and echoed in results written with semicolons; a repeated row and a row far
 * above the usual amount each need a decision before it can be submitted; a total over the balance
 * is refused unless the person says it will be funded first; a batch with one failing row
 * reads "Partly sent (1 failed)", its totals split paid from failed, the Failed counter and chip
 * agree, and the failure is in words with its code kept; "Retry failed rows" after a fix sends only
 * the failed row, and never a row already paid.
 */
import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures/auth";
import { solanaAddress } from "./support/batches";
import { setChecked, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test("a payroll file with extra columns and a failing row: loaded, partly sent, totals split, results with semicolons", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const first = solanaAddress();
  const rows = [
    [first, "1.50", "usdc", "solana", "E-101", "June salary", "PAY-0601"],
    [solanaAddress(), "2.25", "Usdc", "Solana", "E-102", "June; overtime", "PAY-0602"],
    [solanaAddress(), "99999999", "usdc", "solana", "E-103", "Too much", "PAY-0603"],
    [first, "1.50", "USDC", "SOLANA", "E-101", "June salary again", "PAY-0601"],
  ];
  const text = `wallet_address;amount;currency;chain;employee_id;note;reference\r\n${rows
    .map((r) => r.map((c) => (c.includes(";") ? `"${c}"` : c)).join(";"))
    .join("\r\n")}\r\n`;
  await page.goto("/batches");
  await setChecked(page.getByLabel("Disbursements from the pre-funded balance"));
  await page
    .getByTestId("batch-file")
    .setInputFiles({ name: "payroll-june.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.waitForURL(/\/batches\/bat_/);
  const workspace = page.getByTestId("batch-workspace");
  await expect(page.getByTestId("kept-columns")).toContainText("“employee_id”, “note”.");
  await expect(page.getByTestId("reference-column")).toContainText("“reference” is each row's reference");
  await expect(page.getByTestId("valid-count")).toHaveText("4");

  // Known problems stop the file: the repeat and the row far above the usual need a decision each.
  const line = (n: number) => page.locator(`[data-testid="batch-line"][data-row="${n}"]`);
  await expect(line(4).getByTestId("duplicate-flag")).toContainText("Repeats row 1");
  await expect(line(3).getByTestId("oversize-flag")).toContainText("Over 10× the file's usual amount");
  await expect(page.getByTestId("submit-batch")).toBeDisabled();
  await expect(page.getByTestId("undecided-rows")).toContainText("2 flagged rows need a decision first");
  await lookAt(page, "test-results/screens/batch-review-flags-1440.png", { fullPage: true });
  await line(4).getByRole("button", { name: "Drop row 4" }).click();
  await expect(page.getByTestId("undecided-rows")).toContainText("1 flagged row needs a decision first");
  await line(3).getByRole("button", { name: "Keep flagged row 3" }).click();
  await expect(line(3).getByTestId("oversize-flag")).toContainText("(kept)");
  await expect(page.getByTestId("undecided-rows")).toHaveCount(0);
  await expect(page.getByTestId("valid-count")).toHaveText("3");

  // Over the balance: refused, unless the person says it will be funded before it runs.
  await page.getByTestId("submit-batch").click();
  const offer = page.getByRole("dialog", { name: "More than the balance" });
  await expect(offer).toContainText(/USDC: 100,000,002\.75 USDC to send, .* available \(short by/);
  await expect(offer.getByTestId("confirm-funding-first")).toBeDisabled();
  await setChecked(offer.getByLabel("It will be funded before it runs"));
  await offer.getByTestId("confirm-funding-first").click();
  await expect(workspace).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  const status = page.getByTestId("batch-status");
  await expect(status).toHaveText("Partly sent (1 failed)");
  await expect(page.getByTestId("count-failed")).toHaveText("1");
  // The filter chip counts the same rows as the counter.
  await expect(page.getByRole("button", { name: "Failed (1)" })).toBeVisible();
  const settled = page.getByTestId("settled-totals").locator('[data-currency="USDC"]');
  await expect(settled.getByTestId("settled-paid")).toContainText("3.75 USDC");
  await expect(settled.getByTestId("settled-paid")).toContainText("2 rows");
  await expect(settled.getByTestId("settled-failed")).toContainText("99,999,999.00 USDC");
  await expect(page.getByTestId("row-failure")).toContainText("Not enough balance");
  // The code stands apart from the words, as text too (issue 59: "USDT(insufficient_funds)").
  await expect(page.getByTestId("row-failure")).toHaveText(/[^ ] \(insufficient_funds\)$/);
  await lookAt(page, "test-results/screens/batch-partly-sent-1440.png", { fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, "test-results/screens/batch-partly-sent-390.png", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // On a phone each row is a card: the failure's words and the check are on screen, not past a faint edge (issue 59).
  for (const cell of [
    page.getByTestId("row-failure"),
    line(3).getByTestId("oversize-flag"),
    line(2).getByTestId("row-result-link"),
  ]) {
    await cell.scrollIntoViewIfNeeded();
    const box = await cell.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The results: the file's own columns, extra ones included, written with its semicolons.
  const [results] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-results").click()]);
  const csv = readFileSync((await results.path()) ?? "", "utf8");
  const [header, ...lines] = csv.trim().split("\r\n");
  expect(header).toBe(
    "wallet_address;amount;currency;chain;employee_id;note;reference;row;outcome;id;status;failure_reason",
  );
  expect(lines).toHaveLength(4);
  expect(lines[1]).toContain(';"June; overtime";PAY-0602;2;sent;');
  expect(lines[2]).toContain(";PAY-0603;3;failed;");

  // The list says the same.
  const batchUrl = page.url();
  await page.goto("/batches");
  await expect(
    page.getByRole("row").filter({ hasText: "payroll-june.csv" }).first().getByTestId("batch-status"),
  ).toHaveText("Partly sent (1 failed)");

  // Retry failed rows after a fix: only row 3 goes again, under a new key; rows 1 and 2 are never sent again.
  await page.goto(batchUrl);
  const paidIds = [
    await line(1).getByTestId("row-result-link").getAttribute("href"),
    await line(2).getByTestId("row-result-link").getAttribute("href"),
  ];
  await page.getByTestId("retry-failed").getByRole("button", { name: "Retry failed rows" }).click();
  await expect(status).toHaveText("In review");
  await expect(page.getByTestId("valid-count")).toHaveText("1");
  await expect(line(1).getByRole("button", { name: "Drop row 1" })).toHaveCount(0);
  await line(3).getByRole("button", { name: "Edit row 3" }).click();
  const dialog = page.getByRole("dialog");
  await typeInto(dialog.getByLabel("amount", { exact: true }), "3.00");
  await dialog.getByRole("button", { name: "Save and check" }).click();
  await expect(dialog).toBeHidden();
  await page.getByTestId("submit-batch").click();
  await expect(workspace).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(status).toHaveText("Sent");
  await expect(page.getByTestId("count-sent")).toHaveText("3");
  expect([
    await line(1).getByTestId("row-result-link").getAttribute("href"),
    await line(2).getByTestId("row-result-link").getAttribute("href"),
  ]).toEqual(paidIds);
  await expect(line(3).getByTestId("row-result-link")).toBeVisible();
});

test("“New batch from failed rows”: the failed row becomes a new batch, the old one cannot retry it too, and each paid row keeps its reference", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const text = `wallet_address;amount;currency;chain;reference\r\n${[
    [solanaAddress(), "1.25", "USDC", "SOLANA", "INV-7001"],
    [solanaAddress(), "99999999", "USDC", "SOLANA", "INV-7002"],
    [solanaAddress(), "1.75", "USDC", "SOLANA", "INV-7003"],
  ]
    .map((r) => r.join(";"))
    .join("\r\n")}\r\n`;
  await page.goto("/batches");
  await setChecked(page.getByLabel("Disbursements from the pre-funded balance"));
  await page
    .getByTestId("batch-file")
    .setInputFiles({ name: "invoices-nov.csv", mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.waitForURL(/\/batches\/bat_/);
  const firstUrl = page.url();
  const line = (n: number) => page.locator(`[data-testid="batch-line"][data-row="${n}"]`);
  await line(2).getByRole("button", { name: "Keep flagged row 2" }).click();
  await expect(page.getByTestId("undecided-rows")).toHaveCount(0);
  await page.getByTestId("submit-batch").click();
  const offer = page.getByRole("dialog", { name: "More than the balance" });
  await setChecked(offer.getByLabel("It will be funded before it runs"));
  await offer.getByTestId("confirm-funding-first").click();
  await expect(page.getByTestId("batch-workspace")).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(page.getByTestId("batch-status")).toHaveText("Partly sent (1 failed)");

  // A paid row's disbursement says which batch row created it, and the file's reference.
  const paidHref = (await line(1).getByTestId("row-result-link").getAttribute("href")) ?? "";
  await page.goto(paidHref);
  await expect(page.getByTestId("batch-trail")).toContainText(
    "Sent by batch invoices-nov.csv, row 1, reference INV-7001",
  );
  // The disbursements export carries it too.
  await page.goto("/disbursements");
  const [exported] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = readFileSync((await exported.path()) ?? "", "utf8");
  expect(csv.split("\r\n")[0]).toContain(",reference,batch_id,batch_row");
  expect(csv).toContain(",INV-7001,");

  // The failed row becomes a new batch, in the upload's separator; the old one can no longer retry it.
  await page.goto(firstUrl);
  await page.getByTestId("retry-failed").getByTestId("new-batch-from-failed").click();
  await page.waitForURL((url) => url.href !== firstUrl && /\/batches\/bat_/.test(url.pathname));
  await expect(page.getByTestId("batch-follows")).toContainText("Made from the failed rows of");
  await expect(page.getByTestId("valid-count")).toHaveText("1");
  await expect(line(1)).toContainText("99,999,999.00 USDC");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("invoices-nov (failed rows).csv");
  await page.goto(firstUrl);
  await expect(page.getByTestId("batch-followed")).toContainText("Its failed rows went into");
  await expect(page.getByTestId("retry-failed")).toHaveCount(0);
});
