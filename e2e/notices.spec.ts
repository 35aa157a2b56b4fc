/**
 * Notices that reach people (issue 64), journey: the console mails through a real SMTP server
 * started here (`smtp-server` on E2E_PORT + 60, the SMTP_URL the journeys' console is given). An
 * administrator writes a sandbox rule; a finance person's request over it is held; the mail
 * reaches the administrator with the request's label and a link, and the link opens the
 * submission. The person turns a notice off on their Account page; the administrators' log on
 * Settings shows the mail sent. The rule is switched off at the end.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { blankContext, expect, personInOwnBrowser, signInWith, signOut, test } from "./fixtures/auth";
import { choose, setChecked, typeInto } from "./support/forms";
import { whenHydrated } from "./support/hydration";
import { lookAt } from "./support/screens";
import { setUpAuthenticator } from "./support/second-factor";
import { adminCredentials, destinationSection, fresh, openBuilder } from "./support/settlement";

test.describe.configure({ mode: "serial", timeout: 120_000 });

type Mail = { to: string[]; subject: string; text: string };
const mails: Mail[] = [];
let server: SMTPServer;
const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const RULE = `E2E sandbox notices ≥ 6000 USD ${Date.now().toString(36)}`;

test.beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, "127.0.0.1", resolve));
  expect((server.server.address() as AddressInfo).port).toBe(SMTP_PORT);
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("an approval that waits is mailed to the administrator, and the mail's link opens it", async ({
  page,
  signInAsNew,
  ensurePeople,
}) => {
  // Someone besides the administrator may approve (a rule nobody could approve is refused).
  await ensurePeople("finance");
  // The administrator writes a sandbox rule for settlement requests worth 6,000 USD and more.
  await page.goto("/approvals/rules/new");
  await typeInto(page.getByLabel("Name"), RULE);
  const environments = page.getByRole("group", { name: "Environments" });
  await whenHydrated(environments.getByLabel("Sandbox"));
  await setChecked(environments.getByLabel("Production"), false);
  await setChecked(environments.getByLabel("Sandbox"));
  for (const a of ["Disbursement", "/v1 payment"]) await setChecked(page.getByLabel(a), false);
  await typeInto(page.getByLabel("Amount at or above"), "6000");
  await setChecked(page.getByLabel("USDC", { exact: true }));
  await page.getByRole("button", { name: "Create rule" }).click();
  await page.waitForURL(/\/approvals\/rules$/);

  // A finance person's sandbox request over it is held.
  const { page: finance, email: financeEmail } = await signInAsNew("finance");
  await openBuilder(finance, "STABLECOIN_TO_STABLECOIN");
  await typeInto(finance.getByLabel(/^Amount/), "6161.61");
  await choose(destinationSection(finance).getByLabel("Currency"), "USDC");
  await choose(destinationSection(finance).getByLabel("Chain"), "ETHEREUM");
  await typeInto(finance.getByLabel("Wallet address"), fresh.evm());
  await finance.getByRole("button", { name: "Create settlement request" }).click();
  await expect(finance.getByTestId("held-for-approval")).toContainText("Waiting for approval");

  // The administrator's mail: the request's label, who asked, and a link; no approving from it.
  const admin = adminCredentials().email;
  await expect
    .poll(() => mails.find((m) => m.to.includes(admin) && m.text.includes(financeEmail))?.subject ?? "", {
      timeout: 30_000,
    })
    .toMatch(/^Approval waits: .*6,161\.61/);
  const mail = mails.find((m) => m.to.includes(admin) && m.text.includes(financeEmail)) as Mail;
  expect(mail.text).toContain("nothing can be approved from this mail");
  expect(mails.some((m) => m.to.includes(financeEmail) && m.subject.startsWith("Approval waits"))).toBe(false);
  const link = mail.text.match(/https?:\/\/\S+\/approvals\/sub_[\w-]+/)?.[0] ?? "";
  expect(link).not.toBe("");

  // The link opens the submission for the administrator to decide.
  await page.goto(link);
  await expect(page.getByTestId("submission-status")).toHaveAttribute("data-status", "pending");
  await expect(page.getByText(financeEmail).first()).toBeVisible();
  await lookAt(page, "test-results/screens/notice-link-approval-1440.png", { fullPage: true });

  // The administrators' log on Settings shows it sent.
  // (Marked sent just after the server took it: read again until the log says so.)
  const log = page.getByTestId("notices-log");
  const adminRow = log
    .getByRole("row", { name: /Approval waits: .*6,161\.61/ })
    .filter({ hasText: admin })
    .first();
  await expect
    .poll(
      async () => {
        await page.goto("/settings");
        return (await adminRow.textContent()) ?? "";
      },
      { timeout: 15_000 },
    )
    .toContain("Sent");
  await lookAt(page, "test-results/screens/notices-log-1440.png", { fullPage: true });

  // The finance person turns "My submission was decided" off on their Account page.
  await finance.goto("/account");
  const choices = finance.getByTestId("notice-choices");
  const decided = choices.getByLabel(/My submission was decided/);
  await whenHydrated(decided);
  await choose(decided, { label: "Off" });
  await choices.getByRole("button", { name: "Save notice choices" }).click();
  await expect(finance.getByText("Notice choices saved")).toBeVisible();
  await finance.reload();
  await expect(finance.getByTestId("notice-choices").getByLabel(/My submission was decided/)).toHaveValue("off");
  await lookAt(finance, "test-results/screens/notice-choices-1440.png", { fullPage: true });
});

test("finance's Slack channel: an administrator sets and tests it, a person routes approvals there, a held request posts once", async ({
  page,
  signInAsNew,
}) => {
  // A local receiver plays Slack's incoming webhook.
  const posts: Array<{ path: string; body: { text: string; blocks: Array<Record<string, unknown>> } }> = [];
  const slack: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      posts.push({ path: req.url ?? "", body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, "127.0.0.1", resolve));
  const hook = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/services/T0/B0/e2e-secret-token`;
  try {
    // The administrator gives Finance its channel; an http URL elsewhere is refused on its field.
    await page.goto("/settings");
    const card = page.getByTestId("notice-channels");
    // (Replace: a run stopped halfway may have left one.)
    await card.getByRole("button", { name: /^(Add|Replace) Finance's channel$/ }).click();
    const dialog = page.getByRole("dialog");
    await choose(dialog.getByLabel("Service"), { label: "Slack" });
    await typeInto(dialog.getByLabel("Channel name"), "#payments-ops");
    await typeInto(dialog.getByLabel("Webhook URL"), "http://hooks.slack.invalid/services/T0/B0/x");
    await dialog.getByRole("button", { name: "Save channel" }).click();
    await expect(dialog.getByText("Must use https: the URL is the channel's credential")).toBeVisible();
    await typeInto(dialog.getByLabel("Webhook URL"), hook);
    await dialog.getByRole("button", { name: "Save channel" }).click();
    await expect(dialog.getByText("Channel saved")).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    const row = card.locator('[data-team="finance"]');
    await expect(row).toContainText("Slack #payments-ops");
    await expect(page.locator("body")).not.toContainText("e2e-secret-token");
    await row.getByRole("button", { name: "Test Finance's channel" }).click();
    await expect(page.getByText("Test message posted to #payments-ops")).toBeVisible();
    expect(posts.map((p) => p.body.text)).toEqual(["Test message from the Settlement Console"]);
    await lookAt(page, "test-results/screens/notice-channels-1440.png", { fullPage: true });

    // A finance person reads approvals in the channel, and keeps a daily digest of their mails.
    const { page: reader, email: readerEmail } = await signInAsNew("finance");
    await reader.goto("/account");
    const choices = reader.getByTestId("notice-choices");
    await choose(choices.getByLabel(/An approval waits for me/), { label: "Slack #payments-ops" });
    await choose(choices.getByLabel(/^Mails/), { label: "Daily digest at 08:00" });
    await choices.getByRole("button", { name: "Save notice choices" }).click();
    await expect(reader.getByText("Notice choices saved")).toBeVisible();
    await reader.reload();
    await expect(reader.getByTestId("notice-choices").getByLabel(/An approval waits for me/)).toHaveValue("chat");
    await expect(reader.getByTestId("notice-choices").getByLabel(/^Mails/)).toHaveValue("8");
    await reader.setViewportSize({ width: 390, height: 844 });
    await lookAt(reader, "test-results/screens/notice-choices-chat-390.png", { fullPage: true });
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Another finance person's request over the rule is held: one message in the channel, naming the reader.
    const { page: asker } = await signInAsNew("finance");
    await openBuilder(asker, "STABLECOIN_TO_STABLECOIN");
    await typeInto(asker.getByLabel(/^Amount/), "7272.72");
    await choose(destinationSection(asker).getByLabel("Currency"), "USDC");
    await choose(destinationSection(asker).getByLabel("Chain"), "ETHEREUM");
    await typeInto(asker.getByLabel("Wallet address"), fresh.evm());
    await asker.getByRole("button", { name: "Create settlement request" }).click();
    await expect(asker.getByTestId("held-for-approval")).toContainText("Waiting for approval");
    await expect.poll(() => posts.filter((p) => p.body.text.includes("7,272.72")).length, { timeout: 30_000 }).toBe(1);
    const message = posts.find((p) => p.body.text.includes("7,272.72"));
    const section = JSON.stringify(message?.body.blocks[0]);
    // Everyone of the team who reads approvals in the channel is named (earlier runs' readers too).
    expect(section).toMatch(new RegExp(`For [^\\n]*${readerEmail.replace(/[.]/g, "\\.")}`));
    const button = JSON.stringify(message?.body.blocks[1]);
    const link = /https?:\/\/[^"]+\/approvals\/sub_[\w-]+/.exec(button)?.[0] ?? "";
    expect(link).not.toBe("");
    // The reader got no mail of it; the button opens the submission.
    expect(mails.some((m) => m.to.includes(readerEmail) && m.subject.includes("7,272.72"))).toBe(false);
    await reader.goto(link);
    await expect(reader.getByTestId("submission-status")).toHaveAttribute("data-status", "pending");

    // The administrators' log names the channel; removing it sends Finance's notices by email again.
    await page.goto("/settings");
    await expect(
      page
        .getByTestId("notices-log")
        .getByRole("row", { name: /7,272\.72/ })
        .filter({ hasText: "Slack #payments-ops (finance)" }),
    ).toHaveCount(1);
    await page
      .getByTestId("notice-channels")
      .locator('[data-team="finance"]')
      .getByRole("button", { name: "Remove Finance's channel" })
      .click();
    await expect(page.getByText("Finance's channel removed")).toBeVisible();
    await expect(page.getByTestId("notice-channels").locator('[data-team="finance"]')).toContainText("No channel");
  } finally {
    await new Promise<void>((resolve) => slack.close(() => resolve()));
  }
});

test("the rule is switched off, so no other journey is held by it", async ({ page }) => {
  await page.goto("/approvals/rules");
  await page.getByRole("link", { name: RULE }).click();
  const on = page.getByLabel("On (holds new submissions)");
  await whenHydrated(on);
  await setChecked(on, false);
  await page.getByRole("button", { name: "Save a new version" }).click();
  await page.waitForURL(/\/approvals\/rules$/);
});

test("an administrator resets a person's two-step verification: the person is mailed, whatever their choices", async ({
  page,
  signInAsNew,
}) => {
  const { page: them, email } = await signInAsNew("developer");
  await setUpAuthenticator(them);
  await them.getByRole("button", { name: "Done" }).click();
  // They cannot turn this notice off: it tells of their account's security.
  await them.goto("/account");
  const always = them.getByTestId("notice-choices").getByLabel(/My two-step verification was reset/);
  await expect(always).toHaveValue("email");
  await expect(always).toBeDisabled();

  await page.goto("/admin/users");
  const row = page.locator(`[data-testid="user-row"][data-email="${email}"]`);
  page.once("dialog", (dialog) => dialog.accept());
  await row.getByRole("button", { name: "Reset two-step" }).click();
  await expect(row.getByRole("button", { name: "Reset two-step" })).toHaveCount(0);
  await expect
    .poll(() => mails.find((m) => m.to.includes(email) && /reset/.test(m.subject))?.subject ?? "", { timeout: 30_000 })
    .toBe("Your two-step verification was reset");
  const mail = mails.find((m) => m.to.includes(email) && /reset/.test(m.subject)) as Mail;
  expect(mail.text).toContain(`${adminCredentials().email} removed your authenticator app and passkeys`);
  expect(mail.text).toMatch(/https?:\/\/\S+\/account/);
});

test("a sign-in from a browser the person never used is mailed to them; the same browser again is not", async ({
  page,
  browser,
  baseURL,
}) => {
  // Their first browser (their first sign-in tells them nothing new).
  const { email, password, context } = await personInOwnBrowser(page, browser, baseURL, {
    prefix: "device",
    name: "E2E new browser",
    role: "support",
  });
  const newSignIn = () =>
    mails.filter((m) => m.to.includes(email) && m.subject === "A new sign-in to your console account");
  // A second browser: someone else, perhaps, with their password.
  const other = await blankContext(browser, baseURL);
  await signInWith(await other.newPage(), { email, password });
  await expect.poll(() => newSignIn().length, { timeout: 30_000 }).toBe(1);
  const mail = newSignIn()[0] as Mail;
  expect(mail.text).toMatch(
    /from a browser it had not seen before:\nChrome on \w+, from \S+, at \d{4}-\d\d-\d\d \d\d:\d\d UTC\./,
  );
  expect(mail.text).toContain("change your password now, end that session on your Account page");
  const link = /https?:\/\/\S+\/account/.exec(mail.text)?.[0] ?? "";
  expect(link).not.toBe("");
  // The first browser signs in again: seen before, no mail. A third browser is the barrier: its
  // mail is queued after anything the first one's sign-in could have queued, so once it arrives,
  // exactly two have.
  const first = await context.newPage();
  await first.goto("/account");
  await signOut(first);
  await signInWith(first, { email, password });
  const third = await blankContext(browser, baseURL);
  await signInWith(await third.newPage(), { email, password });
  await expect.poll(() => newSignIn().length, { timeout: 30_000 }).toBe(2);
  // The link opens their sessions; the notice cannot be turned off.
  await first.goto(new URL(link).pathname);
  await expect(first.getByRole("heading", { name: "Your account" })).toBeVisible();
  const always = first.getByTestId("notice-choices").getByLabel(/A sign-in from a new browser/);
  await expect(always).toHaveValue("email");
  await expect(always).toBeDisabled();
  for (const c of [context, other, third]) await c.close();
});

test("support sees no notices log on Settings, and on Account only the notices that can reach support", async ({
  signInAs,
}) => {
  const support = await signInAs("support");
  await support.goto("/settings");
  await expect(support.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(support.getByTestId("notices-log")).toHaveCount(0);
  await support.goto("/account");
  const choices = support.getByTestId("notice-choices");
  await expect(choices).toBeVisible();
  await expect(choices.getByLabel(/My two-step verification was reset/)).toBeDisabled();
  // Support approves nothing, closes no month, runs no report, manages no webhook and sends no money: those choices are not theirs.
  for (const kind of [
    /An approval waits for me/,
    /A month was closed or reopened/,
    /My report is ready/,
    /A webhook endpoint keeps failing/,
    /My daily limit is 80% used/,
  ])
    await expect(choices.getByLabel(kind)).toHaveCount(0);
});
