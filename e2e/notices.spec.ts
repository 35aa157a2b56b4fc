/**
 * Notices that reach people (issue 64), journey: the console mails through a real SMTP server
 * started here (`smtp-server` on E2E_PORT + 60, the SMTP_URL the journeys' console is given). An
 * administrator writes a sandbox rule; a finance person's request over it is held; the mail
 * reaches the administrator with the request's label and a link, and the link opens the
 * submission. The person turns a notice off on their Account page; the administrators' log on
 * Settings shows the mail sent. The rule is switched off at the end.
 */
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
  await page.goto("/settings");
  const log = page.getByTestId("notices-log");
  await expect(log.getByRole("row", { name: /Approval waits: .*6,161\.61/ }).first()).toContainText("Sent");
  await lookAt(page, "test-results/screens/notices-log-1440.png", { fullPage: true });

  // The finance person turns "My submission was decided" off on their Account page.
  await finance.goto("/account");
  const choices = finance.getByTestId("notice-choices");
  const decided = choices.getByLabel(/My submission was decided/);
  await whenHydrated(decided);
  await setChecked(decided, false);
  await choices.getByRole("button", { name: "Save notice choices" }).click();
  await expect(finance.getByText("Notice choices saved")).toBeVisible();
  await finance.reload();
  await expect(finance.getByTestId("notice-choices").getByLabel(/My submission was decided/)).not.toBeChecked();
  await lookAt(finance, "test-results/screens/notice-choices-1440.png", { fullPage: true });
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
  await expect(always).toBeChecked();
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
  await expect(always).toBeChecked();
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
