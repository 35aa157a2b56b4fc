/**
 * A production batch is never sent on its submitter's word (issue 32): finance uploads a small
 * file of disbursements in production, submits it (confirming production), and it waits as one
 * submission with its total; an administrator opens it from the Approvals page, follows the link
 * to the batch, approves, and every row is sent once. Support reads the batch but sees no control.
 */
import { expect, test } from "./fixtures/auth";
import { disbursementFile, disbursementRows } from "./support/batches";
import { setChecked } from "./support/forms";
import { approveInProduction } from "./support/second-factor";

test.use({ role: "finance" });

test("finance submits a production batch; it waits for an administrator's approval, then every row is sent", async ({
  page,
  baseURL,
  signInAs,
  signInAsApprover,
}) => {
  // Three people sign in, one sets up two-step verification, and three rows are sent: on a busy
  // machine this took 66 s (29 Nov), past the default minute.
  test.setTimeout(150_000);
  await page.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
  await page.goto("/batches");
  await setChecked(page.getByLabel("Disbursements from the pre-funded balance"));
  const rows = disbursementRows(3).map((r) => ({ ...r, amount: "0.50" }));
  await page
    .getByTestId("batch-file")
    .setInputFiles({ name: "suppliers-prod.csv", mimeType: "text/csv", buffer: Buffer.from(disbursementFile(rows)) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.waitForURL(/\/batches\/bat_/);
  const batchPath = new URL(page.url()).pathname;
  await expect(page.getByTestId("batch-totals")).toContainText("1.50 USDC");

  await page.getByTestId("submit-batch").click();
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("Submit this batch in production?");
  await confirm.getByTestId("confirm-submit-batch").click();
  const held = page.getByTestId("batch-held");
  await expect(held).toContainText("“Batch payout” needs 1 approval from admin or finance (not you)");
  await expect(page.getByTestId("batch-workspace")).toHaveAttribute("data-status", "held");
  const approvalHref = (await held.getByRole("link").getAttribute("href")) ?? "";
  expect(approvalHref).toMatch(/^\/approvals\/sub_/);

  // The submitter cannot approve their own.
  await page.goto(approvalHref);
  await expect(page.getByTestId("not-yours")).toContainText("You submitted this");

  const { page: admin, secret } = await signInAsApprover();
  await admin.context().addCookies([{ name: "console_env", value: "production", url: baseURL ?? "" }]);
  await admin.goto(approvalHref);
  await expect(admin.getByRole("heading", { level: 1 })).toContainText("Batch “suppliers-prod.csv”, 3 rows: 1.50 USDC");
  await expect(admin.getByTestId("batch-link")).toHaveAttribute("href", batchPath);
  await approveInProduction(admin, secret);
  await expect(admin.getByTestId("result-link")).toHaveAttribute("href", batchPath, { timeout: 15_000 });

  await page.goto(batchPath);
  await expect(page.getByTestId("batch-workspace")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  await expect(page.getByTestId("count-sent")).toHaveText("3");
  await expect(page.getByTestId("row-result-link")).toHaveCount(3);
  await expect(page.getByTestId("batch-status")).toHaveText("Sent");
  // Approvals says it in the batch page's words (issue 59).
  await admin.goto("/approvals");
  await expect(
    admin.getByRole("row").filter({ hasText: "suppliers-prod.csv" }).first().getByTestId("submission-status"),
  ).toHaveText("Approved · Sent");

  // Support reads it, without a control.
  // Support opens the link in the sandbox: told where the batch is, and switched there (issue 59).
  const support = await signInAs("support");
  await support.goto(batchPath);
  const elsewhere = support.getByTestId("other-environment");
  await expect(elsewhere).toContainText("This batch is in production");
  await elsewhere.getByRole("button", { name: "Switch to production and open it" }).click();
  await expect(support.getByTestId("batch-workspace")).toBeVisible();
  await expect(support.getByTestId("submit-batch")).toHaveCount(0);
  await support.goto("/batches");
  await expect(support.getByText("New batch")).toHaveCount(0);
});
