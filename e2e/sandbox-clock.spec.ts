/**
 * The sandbox clock panel (on the clock journeys' own console: the clock moves the whole sandbox
 * account forward, for good, so each check reads how far it moved, not where it started). A developer drives three delivery attempts against an inbox
 * answering 500 and expires a request, by buttons alone, and sees what became due.
 */
import { expect, test } from "./fixtures/auth";
import { createInbox, createRequest, messageFor } from "./support/inbox";
import { choose, setChecked, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

test.use({ role: "developer" });

/** "31 d 20 h 49 min 28 s ahead of the service" in seconds (0 when the clock is not ahead). */
function secondsAhead(text: string): number {
  const unit = { d: 86_400, h: 3_600, min: 60, s: 1 } as const;
  let total = 0;
  for (const [, n, u] of text.matchAll(/(\d+)\s*(d|h|min|s)\b/g)) total += Number(n) * unit[u as keyof typeof unit];
  return total;
}

test("the sandbox clock drives three delivery attempts against an inbox answering 500, and expires a request", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const inbox = await createInbox(page, { register: true });
  await choose(page.getByLabel("Answer with"), "error");
  await expect(page.getByText(/The receiver now answers/)).toBeVisible();
  const req = await createRequest(request);
  const created = messageFor(page, req.id, "settlement_request.created");
  await expect(created).toHaveCount(1, { timeout: 10_000 }); // attempt 1, at once, answered 500

  await page.goto("/sandbox");
  const clock = page.getByTestId("sandbox-clock");
  const before = (await page.getByTestId("sandbox-clock-now").textContent()) ?? "";
  const startOffset = secondsAhead((await page.getByTestId("sandbox-clock-offset").textContent()) ?? "");
  await clock.getByRole("button", { name: "+1 min" }).click();
  const due = page.getByTestId("sandbox-clock-due");
  await expect(due).toBeVisible();
  await expect(page.getByTestId("sandbox-clock-now")).not.toHaveText(before);
  await clock.getByRole("button", { name: "+5 min" }).click();
  await expect
    .poll(async () => secondsAhead((await page.getByTestId("sandbox-clock-offset").textContent()) ?? "") - startOffset)
    .toBe(6 * 60);
  // "As an API call" now shows the advance just sent.
  const sent = clock.getByTestId("api-call-preview");
  await sent.locator("summary").click();
  await expect(sent).toContainText("The request just sent.");
  await expect(sent.getByTestId("api-call-curl")).toContainText('"seconds": 300');

  await page.goto(`/inbox?box=${inbox.id}`);
  await expect(messageFor(page, req.id, "settlement_request.created")).toHaveCount(3, { timeout: 10_000 });

  // A day on, the request (REQUEST_STARTED) is past its valid_until: expired, and the panel says so.
  await page.goto("/sandbox");
  await page.getByTestId("sandbox-clock").getByRole("button", { name: "+1 day" }).click();
  const expired = page.getByTestId("due-event").filter({ hasText: req.id }).filter({ hasText: "Request expired" });
  await expect(expired.first()).toBeVisible({ timeout: 10_000 });
  await lookAt(page, "test-results/screens/sandbox-clock.png", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await lookAt(page, "test-results/screens/sandbox-clock-390.png", { fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test.describe("a held sandbox submission expires on the sandbox clock", () => {
  test.use({ role: "admin" });

  test("held by a rule, not approved within 7 sandbox days: expired, and approving it is refused", async ({
    page,
    signInAs,
    ensurePeople,
    baseURL,
  }) => {
    await ensurePeople("finance", "developer");
    test.setTimeout(120_000);
    const name = `E2E sandbox EUR ≥ 250 ${Date.now().toString(36)}`;
    await page.goto("/approvals/rules/new");
    await typeInto(page.getByLabel("Name"), name);
    await setChecked(page.getByLabel("Production"), false);
    await setChecked(page.getByLabel("Sandbox"));
    await typeInto(page.getByLabel("Amount at or above"), "250");
    await setChecked(page.getByLabel("EUR", { exact: true }));
    await setChecked(page.getByLabel("Developer"));
    await page.getByRole("button", { name: "Create rule" }).click();
    await page.waitForURL(/\/approvals\/rules$/);
    const ruleHref = (await page.getByRole("link", { name }).getAttribute("href")) ?? "";

    // A developer's sample off-ramp (€250.00 to an IBAN) is held.
    const developer = await signInAs("developer");
    await developer.goto("/sandbox");
    await developer.getByTestId("quick-flow").getByRole("button", { name: "Create" }).first().click();
    const held = developer.getByTestId("held-for-approval");
    await expect(held).toContainText("Waiting for approval");
    await held.getByRole("link", { name: "Follow it on the Approvals page" }).click();
    await developer.waitForURL(/\/approvals\/sub_/);
    const id = developer.url().replace(/^.*\/approvals\//, "");
    await expect(developer.getByTestId("submission-status")).toHaveAttribute("data-status", "pending");

    // Eight sandbox days later it has expired: shown so, and the admin can no longer approve it.
    await developer.goto("/sandbox");
    // One move at a time: each waits for the clock to show it (the button is busy while a move runs).
    const offset = developer.getByTestId("sandbox-clock-offset");
    const startOffset = secondsAhead((await offset.textContent()) ?? "");
    for (let i = 0; i < 3; i++) {
      const before = (await offset.textContent()) ?? "";
      await developer.getByTestId("sandbox-clock").getByRole("button", { name: "+3 days" }).click();
      await expect(offset).not.toHaveText(before);
    }
    await expect.poll(async () => secondsAhead((await offset.textContent()) ?? "") - startOffset).toBe(9 * 86_400);
    await page.goto(`/approvals/${id}`);
    await expect(page.getByTestId("submission-status")).toHaveAttribute("data-status", "expired");
    await expect(page.getByRole("button", { name: /Approve/ })).toHaveCount(0);
    const { postServerAction, serverAction } = await import("./fixtures/server-actions");
    const refused = await postServerAction(page.request, serverAction("approveSubmission"), [{ id }], {
      Origin: baseURL ?? "",
    });
    expect(await refused.text()).toMatch(/expired|already_decided/);
    await developer.context().close();

    // The rule goes off again (a new version).
    await page.goto(ruleHref);
    await setChecked(page.getByLabel("On (holds new submissions)"), false);
    await page.getByRole("button", { name: "Save a new version" }).click();
    await page.waitForURL(/\/approvals\/rules$/);
  });
});
