/**
 * Two-step verification in journeys (issue 43): codes are computed here from the key the set-up
 * page shows, exactly as an authenticator app computes them (lib/auth/totp.ts, RFC 6238). The
 * console accepts each time step once per person, so a code is taken for the next unused step
 * within the app's drift window, waiting for the next step when none is left.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { stepAt, TOTP_STEP_SECONDS, totpAt } from "../../lib/auth/totp";
import { setChecked, typeInto } from "./forms";

/**
 * The last step used per key, kept in a file too: a worker that starts after another failed uses
 * the same approver (e2e/fixtures/auth.ts), and must not offer a step its predecessor spent.
 */
const used = new Map<string, number>();
const usedFile = (secret: string) =>
  `test-results/.auth/totp-${createHash("sha256").update(secret).digest("hex").slice(0, 16)}`;
const lastUsed = (secret: string): number | undefined =>
  used.get(secret) ?? (existsSync(usedFile(secret)) ? Number(readFileSync(usedFile(secret), "utf8")) : undefined);
function markUsed(secret: string, step: number): void {
  used.set(secret, step);
  mkdirSync("test-results/.auth", { recursive: true });
  writeFileSync(usedFile(secret), String(step));
}

/** How long a code must stay acceptable after it is taken: typing, the click and a busy console. */
const CODE_MARGIN_MS = 20_000;

/**
 * A code the console will accept for `secret` for at least CODE_MARGIN_MS more, never one of a
 * step already used. The console takes the step before and after its own, so step s is good
 * until step s + 2 begins: the step before now only while more than the margin is left of this
 * one (on a loaded machine a code taken at a step's end reached the console one step later).
 */
export async function nextCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const goodUntil = (step: number) => (step + 2) * TOTP_STEP_SECONDS * 1000;
    let step = Math.max(stepAt(now) - 1, (lastUsed(secret) ?? Number.NEGATIVE_INFINITY) + 1);
    while (goodUntil(step) - now < CODE_MARGIN_MS) step++;
    if (step <= stepAt(now) + 1) {
      markUsed(secret, step);
      return totpAt(secret, step * TOTP_STEP_SECONDS * 1000);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Sets up an authenticator app on the Account page of the person signed in on `page`; returns its key. */
export async function setUpAuthenticator(page: Page): Promise<string> {
  await page.goto("/account");
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  return finishSetUp(page);
}

/** The set-up once its key shows (the Account page, or the sign-in page when a role requires it). */
export async function finishSetUp(page: Page): Promise<string> {
  const shown = page.getByTestId("totp-secret");
  await expect(shown).toBeVisible();
  // The app scans a QR code (issue 59); the key stays below it for typing.
  await expect(page.getByTestId("totp-qr")).toBeVisible();
  const secret = ((await shown.textContent()) ?? "").replace(/\s/g, "");
  await typeInto(page.getByLabel("Code from the app"), await nextCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  await setChecked(page.getByLabel("I have saved my recovery codes"), true);
  return secret;
}

/** Answers the sign-in page's or a step-up's code prompt. */
export async function enterCode(page: Page, secret: string, button = "Verify"): Promise<void> {
  await typeInto(page.getByLabel("Code from your authenticator app"), await nextCode(secret));
  await page.getByRole("button", { name: button, exact: true }).click();
}

/**
 * Approves the production submission open on `page` as its approver would: the confirmation
 * with the priced summary, a fresh code when asked, then the final button.
 */
export async function approveInProduction(page: Page, secret: string): Promise<void> {
  await page.getByRole("button", { name: /^Approve( and send)?$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Approve in production?" });
  await expect(dialog.getByTestId("decision-summary")).toBeVisible();
  const codeField = dialog.getByLabel("Code from your authenticator app");
  const approve = dialog.getByRole("button", { name: /^Approve (and send )?in production$/ });
  // The proof may go stale between the page's render and the click: the dialog then asks again.
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(codeField.or(approve)).toBeVisible();
    if (await codeField.isVisible()) {
      await typeInto(codeField, await nextCode(secret));
      await dialog.getByRole("button", { name: "Verify", exact: true }).click();
    }
    await approve.click();
    await expect(dialog.or(codeField))
      .toBeHidden({ timeout: 5_000 })
      .catch(() => undefined);
    if (!(await dialog.isVisible())) return;
  }
  await expect(dialog).toBeHidden();
}
