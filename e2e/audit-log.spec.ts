/**
 * An audit trail anyone can verify offline (issue 47), on a console of its own on PostgreSQL: a
 * developer's new webhook endpoint is held by a sandbox rule and an administrator approves it; the
 * administrator downloads the audit bundle from the Audit page and `npx settlement-console
 * verify-audit` says OK (exit 0), as does the page's Verify. Then the approval's entry is altered
 * in the database: the next bundle fails, the CLI names that entry (exit 1), and Verify says it
 * does not verify. Screenshots of the Audit page at 1440 and 390 px; axe finds nothing serious.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { addPerson, choosePassword, signInWith } from "./fixtures/auth";
import { setChecked, typeInto } from "./support/forms";
import { CLUSTER_ADMIN, scratchDatabase, startInstance, type Instance } from "./support/instances";
import { lookAt } from "./support/screens";

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

const PORT = Number(process.env.E2E_PORT ?? 3100) + 24;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const database = scratchDatabase("console_audit");
let app: Instance;

test.beforeAll(async () => {
  await database.create();
  app = startInstance("audit", PORT, database.url, { AUTH_URL: ORIGIN, AUDIT_LOG_ORIGIN: "e2e.console.test/audit" });
  for (let i = 0; i < 360; i++) {
    if ((await fetch(`${ORIGIN}/api/ready`).catch(() => null))?.status === 200) return;
    if (app.process.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the console did not start:\n${app.output.join("")}`);
});
test.afterAll(async () => {
  app?.process.kill("SIGTERM");
  await Promise.race([app?.exited, new Promise((r) => setTimeout(r, 10_000))]);
  await database.drop().catch(() => undefined);
});

async function pageAt(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: ORIGIN });
  return context.newPage();
}

/** The bundle the Audit page's "Download bundle" gives, saved to a file. */
async function downloadBundle(page: Page, dir: string, name: string): Promise<string> {
  await page.goto("/admin/audit");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-bundle").click()]);
  const file = join(dir, name);
  await download.saveAs(file);
  return file;
}

const verifyAudit = (file: string) =>
  spawnSync("npx", ["settlement-console", "verify-audit", file], { encoding: "utf8", timeout: 60_000 });

test("an approval is in the signed log: the bundle verifies offline; altered in the database, the CLI names it", async ({
  browser,
}) => {
  const dir = mkdtempSync(join(tmpdir(), "audit-e2e-"));
  const admin = await pageAt(browser);
  await signInWith(admin, CLUSTER_ADMIN);

  // A developer, and a sandbox rule that holds webhook endpoint changes for the other of the two.
  const email = `dev-${Date.now().toString(36)}@console.test`;
  const once = await addPerson(admin, { email, name: "Dev Eloper", role: "developer" });
  await admin.goto("/approvals/rules/new");
  await typeInto(admin.getByLabel("Name"), "Sandbox endpoints need the other person");
  const environments = admin.getByRole("group", { name: "Environments" });
  await setChecked(environments.getByLabel("Sandbox"));
  await setChecked(environments.getByLabel("Production"), false);
  const actions = admin.getByRole("group", { name: "Actions" });
  for (const a of ["Settlement request", "Disbursement", "/v1 payment"]) await setChecked(actions.getByLabel(a), false);
  await setChecked(actions.getByLabel("Webhook endpoint change"));
  const approvers = admin.getByRole("group", { name: "Who may approve" });
  await setChecked(approvers.getByLabel("Admin"));
  await setChecked(approvers.getByLabel("Finance"), false);
  await setChecked(approvers.getByLabel("Developer"));
  await admin.getByRole("button", { name: "Create rule" }).click();
  await admin.waitForURL(/\/approvals\/rules$/);

  const dev = await pageAt(browser);
  await signInWith(dev, { email, password: once });
  await choosePassword(dev, once);
  await dev.goto("/webhooks");
  await dev.getByRole("button", { name: "New endpoint" }).click();
  const dialog = dev.getByRole("dialog");
  await typeInto(dialog.getByLabel("URL"), "https://hooks.example.com/settlement");
  await setChecked(dialog.getByLabel("payment.completed"));
  await dialog.getByRole("button", { name: "Create endpoint" }).click();
  const held = dialog.getByTestId("held-for-approval");
  await expect(held).toBeVisible();
  const proposal = (await held.getByRole("link").first().getAttribute("href")) ?? "";
  expect(proposal).toMatch(/^\/approvals\/sub_/);

  await admin.goto(proposal);
  await admin.getByRole("button", { name: "Approve and send" }).click();
  await expect(admin.getByTestId("submission-status")).toHaveAttribute("data-status", "sent", { timeout: 15_000 });

  // The Audit page: the approval has its place in the log; the bundle verifies offline, and here.
  await admin.goto("/admin/audit");
  const approvalRow = admin.getByRole("row").filter({ hasText: "Approve" }).first();
  await expect(approvalRow.getByTestId("audit-place")).toHaveText(/^#\d+$/);
  const good = await downloadBundle(admin, dir, "first.ndjson");
  const ok = verifyAudit(good);
  expect(ok.status, `${ok.stdout}${ok.stderr}`).toBe(0);
  expect(ok.stdout).toMatch(
    /^OK: \d+ entries verified in a log of \d+, \d+ signed checkpoints? \(e2e\.console\.test\/audit\)/,
  );
  await admin.goto("/admin/audit");
  await expect(admin.getByTestId("audit-checkpoint")).toContainText("entries");
  await admin.getByTestId("verify-audit").click();
  await expect(admin.getByTestId("audit-verdict")).toHaveAttribute("data-verified", "yes");
  await expect(admin.getByTestId("audit-verdict")).toContainText("Verified");
  await admin.setViewportSize({ width: 1440, height: 900 });
  await lookAt(admin, "test-results/screens/audit-log-1440.png", { fullPage: true });
  const axe = await new AxeBuilder({ page: admin }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await admin.setViewportSize({ width: 390, height: 844 });
  await lookAt(admin, "test-results/screens/audit-log-390.png", { fullPage: true });
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await admin.setViewportSize({ width: 1440, height: 900 });

  // Whoever holds the database turns the approval into a refusal: the next bundle names that entry.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const altered = await client.query<{ seq: string }>(
    `update console_audit_log set entry = replace(entry, '"result":"ok"', '"result":"denied"')
      where entry like '%"action":"approveSubmission"%' returning seq`,
  );
  await client.end();
  expect(altered.rows).toHaveLength(1);
  const seq = altered.rows[0]?.seq ?? "";
  const bad = await downloadBundle(admin, dir, "second.ndjson");
  const failed = verifyAudit(bad);
  expect(failed.status, `${failed.stdout}${failed.stderr}`).toBe(1);
  expect(failed.stderr).toContain(`entry ${seq}: approveSubmission by ${CLUSTER_ADMIN.email}`);
  expect(failed.stderr).toContain("does not verify");
  // With the first bundle's checkpoint kept, the log is still consistent: only an entry's text changed.
  await admin.goto("/admin/audit");
  await admin.getByTestId("verify-audit").click();
  await expect(admin.getByTestId("audit-verdict")).toHaveAttribute("data-verified", "no");
  await expect(admin.getByTestId("audit-verdict")).toContainText(`entry ${seq}`);
});
