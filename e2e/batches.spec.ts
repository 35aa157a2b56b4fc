/**
 * Batch payouts from a CSV file (issue 32), as a finance team uses them, on a console of their
 * own (its own PostgreSQL database, so the dry run's sandbox clock moves nobody else's):
 * a 50-row file with three bad rows (one fixed in the table, two dropped), the dry run in
 * sandbox and its report, the submission watched to the end, the results and the receipt; then a
 * server killed mid-batch: the next start resumes, and every row was created exactly once (the
 * service's request log and its disbursements agree).
 */
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import pg from "pg";
import { CLUSTER_ADMIN, scratchDatabase, startInstance, type Instance } from "./support/instances";
import { until } from "./support/listen";
import { disbursementFile, disbursementRows, loggedCreates } from "./support/batches";
import { sandboxKey } from "./support/settlement";
import { setChecked, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const PORT = Number(process.env.E2E_PORT ?? 3100) + 22;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const database = scratchDatabase("console_batches");
const databaseUrl = database.url;
let app: Instance;

async function startApp(extra: Record<string, string> = {}): Promise<Instance> {
  const instance = startInstance("batches", PORT, databaseUrl, {
    AUTH_URL: ORIGIN,
    RAIL_SENT_DELAY_SECONDS: "1",
    RAIL_COMPLETED_DELAY_SECONDS: "1",
    ...extra,
  });
  await until(
    "the console to be ready",
    async () => (await fetch(`${ORIGIN}/api/ready`).catch(() => null))?.status === 200,
    90_000,
  ).catch((error) => {
    throw new Error(`${error}\n${instance.output.join("")}`);
  });
  return instance;
}

async function signedIn(browser: Browser, width = 1440): Promise<Page> {
  const context = await browser.newContext({
    baseURL: ORIGIN,
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await typeInto(page.getByLabel("Email"), CLUSTER_ADMIN.email);
  await typeInto(page.getByLabel("Password"), CLUSTER_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  return page;
}

/** Uploads `text` as `name` from the Batches page; resolves on the new batch's page. */
async function upload(page: Page, name: string, text: string, kind = "Disbursements from the pre-funded balance") {
  await page.goto("/batches");
  await setChecked(page.getByLabel(kind));
  await page.getByTestId("batch-file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.waitForURL(/\/batches\/bat_/);
  return page.url().split("/").pop() ?? "";
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await database.create();
  app = await startApp();
});

test.afterAll(async () => {
  if (app) {
    app.process.kill("SIGKILL");
    await app.exited;
  }
  await database.drop();
});

test("a 50-row file with three bad rows: fix one, drop two, dry-run it in sandbox, submit it and watch it complete", async ({
  browser,
}) => {
  const page = await signedIn(browser);
  const rows = disbursementRows(50);
  rows[6].wallet_address = "0OIl-not-an-address"; // row 7
  rows[18].amount = "12,50"; // row 19
  rows[32].currency = "USDX"; // row 33
  const text = disbursementFile(rows, { separator: ";", bom: true });
  const id = await upload(page, "payroll-november.csv", text);

  const workspace = page.getByTestId("batch-workspace");
  await expect(workspace).toHaveAttribute("data-status", "review");
  await expect(page.getByTestId("valid-count")).toHaveText("47");
  const line = (n: number) => page.locator(`[data-testid="batch-line"][data-row="${n}"]`);
  await expect(line(7).getByTestId("row-problems")).toContainText("wallet_address");
  await expect(line(19).getByTestId("row-problems")).toContainText("amount");
  await expect(line(33).getByTestId("row-problems")).toContainText("currency");
  await expect(page.locator('[data-testid="batch-line"][data-state="invalid"]')).toHaveCount(3);
  // The receipt: size and SHA-256 of the bytes as uploaded (BOM and semicolons included).
  const bytes = Buffer.from(text, "utf8");
  await expect(page.getByTestId("file-sha256")).toHaveText(createHash("sha256").update(bytes).digest("hex"));
  await expect(page.getByTestId("file-size")).toContainText(
    `${bytes.byteLength.toLocaleString("en-US")} bytes · semicolons`,
  );
  await expect(page.getByTestId("submit-batch")).toBeDisabled();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await lookAt(page, "test-results/screens/batch-review-1440.png", { fullPage: true });

  // Fix row 19 in the table: the amount, checked again by the same schema.
  await line(19).getByRole("button", { name: "Fix row 19" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("alert").first()).toBeVisible();
  await typeInto(dialog.getByLabel("amount", { exact: true }), "12.50");
  await dialog.getByRole("button", { name: "Save and check" }).click();
  await expect(dialog).toBeHidden();
  await expect(line(19)).toHaveAttribute("data-state", "valid");
  await expect(line(19)).toContainText("OK (fixed)");
  // Drop the other two.
  await line(7).getByRole("button", { name: "Drop row 7" }).click();
  await expect(line(7)).toHaveAttribute("data-state", "dropped");
  await line(33).getByRole("button", { name: "Drop row 33" }).click();
  await expect(line(33)).toHaveAttribute("data-state", "dropped");
  await expect(page.getByTestId("valid-count")).toHaveText("48");
  const kept = rows.map((r, i) => (i === 18 ? { ...r, amount: "12.50" } : r)).filter((_, i) => i !== 6 && i !== 32);
  const total = kept.reduce((cents, r) => cents + Math.round(Number(r.amount) * 100), 0);
  await expect(page.getByTestId("batch-totals")).toContainText(`48 rows in USDC`);
  await expect(page.getByTestId("batch-totals")).toContainText(
    (total / 100).toLocaleString("en-US", { minimumFractionDigits: 2 }),
  );
  await expect(page.getByTestId("balance-after")).toContainText("after");

  // The dry run: every row created in sandbox and taken to its end on the sandbox clock.
  await page.getByTestId("start-dry-run").click();
  await expect(workspace).toHaveAttribute("data-dry-run", "done", { timeout: 90_000 });
  await expect(page.getByTestId("dry-run-summary")).toHaveText("48 of 48 rows would go through.");
  await expect(line(1).getByTestId("dry-run-cell")).toContainText("Completed");
  await lookAt(page, "test-results/screens/batch-dry-run-1440.png", { fullPage: true });

  // Submit: no rule holds a sandbox batch, so it goes; the progress bar follows it to the end.
  await page.getByTestId("submit-batch").click();
  await expect(workspace).toHaveAttribute("data-status", /sending|done/);
  await expect(workspace).toHaveAttribute("data-status", "done", { timeout: 60_000 });
  await expect(page.getByTestId("count-sent")).toHaveText("48");
  await expect(page.getByTestId("count-succeeded")).toHaveText("48", { timeout: 60_000 });
  await expect(page.getByTestId("count-failed")).toHaveText("0");
  await expect(line(1).getByTestId("row-result-link")).toBeVisible();
  await lookAt(page, "test-results/screens/batch-sent-1440.png", { fullPage: true });

  // The results CSV: the file's columns, then row, outcome, id, status, failure_reason.
  const [results] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-results").click()]);
  const csv = readFileSync((await results.path()) ?? "", "utf8");
  const [header, ...lines] = csv.trim().split("\r\n");
  // Written with the upload's own separator (issue 44): this file used semicolons.
  expect(header).toBe("wallet_address;amount;currency;chain;row;outcome;id;status;failure_reason");
  expect(lines).toHaveLength(50);
  expect(lines.filter((l) => l.includes(";sent;") && l.includes(";COMPLETED;"))).toHaveLength(48);
  expect(lines.filter((l) => l.includes(";dropped;"))).toHaveLength(2);
  // The receipt: the bytes as uploaded.
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-file").click()]);
  expect(readFileSync((await file.path()) ?? "").equals(bytes)).toBe(true);

  // The same file again is flagged as a duplicate file.
  await upload(page, "payroll-november-again.csv", text);
  await expect(page.getByTestId("duplicate-file")).toContainText("The same file (same SHA-256) was uploaded before");
  await expect(page.getByTestId("duplicate-file").getByRole("link")).toHaveAttribute("href", `/batches/${id}`);

  // On a phone: no sideways scroll.
  const phone = await signedIn(browser, 390);
  await phone.goto(`/batches/${id}`);
  await expect(phone.getByTestId("batch-workspace")).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await lookAt(phone, "test-results/screens/batch-sent-390.png", { fullPage: true });
  await phone.goto("/batches");
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await lookAt(phone, "test-results/screens/batches-390.png", { fullPage: true });
});

test("a settlement-request batch from the stablecoin-to-fiat template: every currency's bank columns, priced and taken to SETTLEMENT_COMPLETED by the dry run", async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await page.goto("/batches");
  const [template] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("template-stablecoin-to-fiat").click(),
  ]);
  const text = readFileSync((await template.path()) ?? "", "utf8");
  expect(text.split("\r\n")[0]).toContain("destination.clabe");
  await upload(page, "bank-payouts.csv", text, "Settlement requests");
  await expect(page.getByTestId("valid-count")).toHaveText("6");
  // Priced in the background with the service's quotes, row by row.
  await expect(page.getByTestId("quote-progress")).toHaveText("Every row quoted.", { timeout: 30_000 });
  await expect(page.getByTestId("batch-fees")).toContainText("over 6 rows");
  await expect(page.getByTestId("row-quote")).toHaveCount(6);
  // What the payers must fund, fees included, per currency (issue 44).
  await expect(page.getByTestId("batch-funding")).toContainText(/[\d,]+\.\d{2,6} USD[CT] over 6 rows/);
  // The dry run in the batch's own environment: priced there, with the total to fund; nothing sent.
  await page.getByTestId("start-check").click();
  const check = page.getByTestId("batch-check");
  await expect(check.locator('[data-check="prices"]')).toContainText("Priced in sandbox");
  await expect(check.locator('[data-check="funding"]')).toContainText("The payers send");
  await expect(check).toHaveAttribute("data-ready", "yes");
  await page.getByTestId("start-dry-run").click();
  await expect(page.getByTestId("batch-workspace")).toHaveAttribute("data-dry-run", "done", { timeout: 90_000 });
  await expect(page.getByTestId("dry-run-summary")).toHaveText("6 of 6 rows would go through.");
  const cells = page.getByTestId("dry-run-cell");
  await expect(cells).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    await expect(cells.nth(i)).toContainText("Settlement completed");
    await expect(cells.nth(i)).toContainText("Fee");
  }
  await expect(page.getByTestId("dry-run-fees")).toContainText("over 6 rows");
});

test("a bad file is refused with the line or the column named; a file too large is refused before it is read whole", async ({
  browser,
}) => {
  const page = await signedIn(browser);
  await page.goto("/batches");
  const tryFile = async (text: string | Buffer) => {
    await setChecked(page.getByLabel("Disbursements from the pre-funded balance"));
    await page.getByTestId("batch-file").setInputFiles({
      name: "bad.csv",
      mimeType: "text/csv",
      buffer: Buffer.isBuffer(text) ? text : Buffer.from(text),
    });
    await page.getByRole("button", { name: "Upload and check" }).click();
    return page.getByTestId("upload-error");
  };
  // A column that is no field is kept, not refused (issue 44); a missing one is still named.
  await expect(await tryFile("wallet_address,amount,colour\nx,1,red\n")).toContainText("Column “currency” is missing");
  await expect(await tryFile('wallet_address,amount,currency\nx,"1\n')).toContainText(
    "Line 2: a quoted cell is never closed",
  );
  await expect(await tryFile(Buffer.from([0x77, 0x61, 0x6c, 0xff, 0xfe, 0x0a]))).toContainText("not UTF-8");
  const many = disbursementFile(disbursementRows(1001));
  await expect(await tryFile(many)).toContainText("more than 1000 rows");
  // Straight at the route with the session: an upload from another site is refused, as is one without the page's environment.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const post = (headers: Record<string, string>) =>
    fetch(`${ORIGIN}/batches/upload?kind=disbursement`, {
      method: "POST",
      headers: { Cookie: cookie, ...headers },
      body: "wallet_address,amount,currency\nx,1,USDC\n",
    });
  expect(
    (await post({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "X-Console-Environment": "sandbox" }))
      .status,
  ).toBe(403);
  expect((await post({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" })).status).toBe(409);
  expect(
    (await post({ Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", "X-Console-Environment": "sandbox" })).status,
  ).toBe(201);
});

test("the server is killed mid-batch: the next start resumes, and every row is created exactly once", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  // Paced to 5 a second, so the kill lands with rows sent and rows waiting.
  app.process.kill("SIGKILL");
  await app.exited;
  app = await startApp({ BATCH_SENDS_PER_SECOND: "5" });
  const page = await signedIn(browser);
  const id = await upload(page, "creators-run.csv", disbursementFile(disbursementRows(50)));
  await page.getByTestId("submit-batch").click();
  await expect(page.getByTestId("batch-workspace")).toHaveAttribute("data-status", "sending");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const sentSoFar = async () =>
    Number(
      (await client.query("select count(*) from console_batch_rows where batch_id = $1 and send_state = 'sent'", [id]))
        .rows[0].count,
    );
  await until("some rows to be sent", async () => (await sentSoFar()) >= 10, 30_000);
  app.process.kill("SIGKILL");
  await app.exited;
  const before = await sentSoFar();
  expect(before).toBeGreaterThanOrEqual(10);
  expect(before).toBeLessThan(50);

  app = await startApp({ BATCH_SENDS_PER_SECOND: "5" });
  await until(
    "the batch to finish",
    async () =>
      (await client.query("select status from console_batches where id = $1", [id])).rows[0].status === "done",
    // A send cut off mid-request leaves its key "in flight" at the service until it counts as
    // abandoned (2 min): the row waits for that, it is not failed.
    200_000,
  );
  const rows = (
    await client.query(
      "select row_no, send_state, result_id from console_batch_rows where batch_id = $1 order by row_no",
      [id],
    )
  ).rows as Array<{ row_no: number; send_state: string; result_id: string }>;
  await client.end();
  expect(rows.every((r) => r.send_state === "sent")).toBe(true);
  expect(new Set(rows.map((r) => r.result_id)).size).toBe(50);

  // The service's request log: no row's key created twice; each created disbursement is a row's.
  await new Promise((r) => setTimeout(r, 1_500)); // the log is written in batches, twice a second
  const entries = await loggedCreates(ORIGIN, sandboxKey(), `batch_${id}_`);
  const created = entries.filter((e) => e.status === 201 && !e.idempotent_replayed);
  const perKey = new Map<string, number>();
  for (const e of created) perKey.set(e.idempotency_key ?? "", (perKey.get(e.idempotency_key ?? "") ?? 0) + 1);
  expect([...perKey.values()].filter((n) => n > 1)).toEqual([]);
  expect(created.length).toBeGreaterThanOrEqual(50 - 5); // entries of the last half second before the kill may be lost with it
  const ids = new Set(rows.map((r) => r.result_id));
  expect(created.every((e) => e.resource_id !== null && ids.has(e.resource_id))).toBe(true);
  // And every row's disbursement exists in the service.
  for (const r of rows.slice(0, 50)) {
    const res = await fetch(`${ORIGIN}/v0/disbursements/${r.result_id}`, { headers: { "X-Api-Key": sandboxKey() } });
    expect(res.status).toBe(200);
  }
  await page.goto(`/batches/${id}`);
  await expect(page.getByTestId("count-sent")).toHaveText("50");
});
