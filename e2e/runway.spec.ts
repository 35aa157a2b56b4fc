/**
 * Runway per currency (issue 64): an administrator sets the sandbox's USDC floor just under the
 * projected available balance; a batch that would take it below is held with the figure that
 * breaks it, counted as committed on the Runway page, and sent once an administrator approves.
 * Support reads the page without the floor's form. The floor is removed at the end whatever
 * happened (the journeys after this one pay from the same balance).
 */
import Decimal from "decimal.js";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/auth";
import { disbursementFile, solanaAddress } from "./support/batches";
import { setChecked, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.use({ role: "admin" });

/** "12,345.67 USDC" → Decimal ("None" → 0). */
const amountOf = async (page: Page, testId: string) =>
  new Decimal(((await page.getByTestId(testId).textContent()) ?? "").replace(/[^\d.-]/g, "") || "0");

async function saveFloor(page: Page, amount: string) {
  const form = page.getByTestId("runway-floor-form-USDC");
  await typeInto(form.getByLabel("Floor in sandbox (USDC)"), amount);
  await form.getByRole("button", { name: "Save floor" }).click();
  await expect(page.getByText(amount === "" ? "USDC floor removed" : "USDC floor saved")).toBeVisible();
}

test("a batch that would go below the USDC floor waits for an approval with the figure, shows as committed, and is sent once approved", async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await page.goto("/runway");
  await expect(page.getByRole("heading", { level: 1, name: "Runway" })).toBeVisible();
  // The forecast's own check is on the page, whatever this sandbox's history (judged, or nothing to judge yet).
  await expect(page.getByTestId("runway-forecast-check")).toContainText("How good the forecast has been");
  const projected = await amountOf(page, "runway-USDC-projected");
  const committed = await amountOf(page, "runway-USDC-committed");
  const floor = projected.minus("0.5").toFixed(2);
  try {
    await saveFloor(page, floor);
    await expect.poll(async () => (await amountOf(page, "runway-USDC-floor")).toFixed(2)).toBe(floor);
    await expect(page.getByTestId("runway-floor-line")).toHaveCount(1);

    // Finance sees the floor beside a disbursement's amount before sending anything.
    const finance = await signInAs("finance");
    await finance.goto("/disbursements/new");
    await typeInto(finance.getByLabel("Amount (USDC)"), "1.00");
    await expect(finance.getByTestId("disbursement-floor-note")).toContainText(
      /Over the USDC runway floor: it would leave [\d,.]+ USDC, below [\d,.]+ USDC/,
    );
    await lookAt(finance, "test-results/screens/runway-disbursement-1440.png", { fullPage: true });

    // Finance uploads one 1.00 USDC row: 0.50 below the floor.
    await finance.goto("/batches");
    await setChecked(finance.getByLabel("Disbursements from the pre-funded balance"));
    const file = disbursementFile([
      { wallet_address: solanaAddress(), amount: "1.00", currency: "USDC", chain: "SOLANA" },
    ]);
    await finance
      .getByTestId("batch-file")
      .setInputFiles({ name: "runway-floor.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await finance.getByRole("button", { name: "Upload and check" }).click();
    await finance.waitForURL(/\/batches\/bat_/);
    const batchPath = new URL(finance.url()).pathname;
    await finance.getByTestId("submit-batch").click();
    const held = finance.getByTestId("batch-held");
    await expect(held).toContainText(
      /Held by the runway floor: USDC: [\d,.]+ USDC would be left, below its runway floor of/,
    );
    await expect(held).toContainText("(by 0.50 USDC)");
    await expect(held).toContainText("“Runway floor” needs 1 approval from admin or finance (not you)");
    const approvalHref = (await held.getByRole("link").getAttribute("href")) ?? "";
    expect(approvalHref).toMatch(/^\/approvals\/sub_/);

    // The held row is committed out: the projection falls by it and is below the floor now.
    await page.reload();
    expect((await amountOf(page, "runway-USDC-committed")).minus(committed).toFixed(2)).toBe("1.00");
    await expect(page.getByTestId("runway-USDC")).toContainText("Below floor now");
    await lookAt(page, "test-results/screens/runway-1440.png", { fullPage: true });

    // An administrator approves; the row is sent once.
    await page.goto(approvalHref);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("runway-floor.csv");
    await page.getByRole("button", { name: "Approve and send" }).click();
    await expect(page.getByTestId("result-link")).toHaveAttribute("href", batchPath, { timeout: 15_000 });
    await finance.goto(batchPath);
    await expect(finance.getByTestId("batch-workspace")).toHaveAttribute("data-status", "done", { timeout: 30_000 });
    await expect(finance.getByTestId("count-sent")).toHaveText("1");

    // A single 1.00 USDC disbursement now, 1.50 below the floor: held by it, and its approval
    // judges the floor again with today's figures before anyone approves. It is denied.
    await finance.goto("/disbursements/new");
    await typeInto(finance.getByLabel("Wallet address"), solanaAddress());
    await typeInto(finance.getByLabel("Amount (USDC)"), "1.00");
    await finance.getByRole("button", { name: "Create disbursement" }).click();
    const heldOne = finance.getByTestId("held-for-approval");
    await expect(heldOne).toContainText("“Runway floor” needs 1 approval");
    await heldOne.getByRole("link", { name: "Follow it on the Approvals page" }).click();
    await finance.waitForURL(/\/approvals\/sub_/);
    await page.goto(new URL(finance.url()).pathname);
    const floorNow = page.getByTestId("floor-now");
    await expect(floorNow).toContainText("Below the runway floor if approved now.");
    // Its figures hold together: the floor is the one set; what is left is the floor less the shortfall;
    // the shortfall is at least the 1.50 the amount and the sent batch take (a fee may add to it).
    const said = (await floorNow.textContent()) ?? "";
    const [, left = "", of = "", by = ""] =
      /USDC: ([\d,.]+) USDC would be left, below its runway floor of ([\d,.]+) USDC \(by ([\d,.]+) USDC\)/.exec(said) ??
      [];
    const num = (t: string) => new Decimal(t.replace(/,/g, ""));
    expect(num(of).toFixed(2)).toBe(floor);
    expect(num(of).minus(num(by)).toFixed(2)).toBe(num(left).toFixed(2));
    expect(num(by).gte("1.50")).toBe(true);
    await lookAt(page, "test-results/screens/runway-approval-floor-now-1440.png", { fullPage: true });
    await page.getByRole("button", { name: "Deny" }).click();
    const deny = page.getByRole("dialog");
    await typeInto(deny.getByLabel("Reason"), "Below the floor: wait for the next top-up");
    await deny.getByRole("button", { name: "Deny" }).click();
    await expect(page.getByTestId("submission-status")).toHaveAttribute("data-status", "denied");

    // Support reads the runway, without the floor's form.
    const support = await signInAs("support");
    await support.goto("/runway");
    expect((await amountOf(support, "runway-USDC-floor")).toFixed(2)).toBe(floor);
    await expect(support.getByTestId("runway-floor-form-USDC")).toHaveCount(0);
    await support.setViewportSize({ width: 390, height: 844 });
    await lookAt(support, "test-results/screens/runway-390.png", { fullPage: true });
  } finally {
    await page.goto("/runway");
    await saveFloor(page, "");
    await expect(page.getByTestId("runway-USDC-floor")).toHaveText("None");
  }
});
