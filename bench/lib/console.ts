import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import type { Browser, BrowserContext } from "playwright-core";
import { startProcess } from "./processes";

export interface ConsoleAdmin {
  email: string;
  password: string;
}

/**
 * The built console as `npm start` runs it (scripts/serve.mjs), with its first administrator and
 * fresh shared secrets (it refuses to start without them, decisions D13). `env` adds the
 * database (DATA_DIR or DATABASE_URL), keys and limits.
 */
export function startConsole(port: number, admin: ConsoleAdmin, env: Record<string, string>): ChildProcess {
  return startProcess("node", ["scripts/serve.mjs"], {
    PORT: String(port),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    DATA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ...env,
  });
}

/** A browser context signed in as `admin` through the sign-in page, at 1440 px. */
export async function signedIn(browser: Browser, base: string, admin: ConsoleAdmin): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await page.close();
  return context;
}

/** The sandbox key the console registered, from .env.local (written by scripts/ensure-env.mjs). */
export function sandboxKey(): string {
  const line = readFileSync(".env.local", "utf8")
    .split("\n")
    .find((l) => l.startsWith("SETTLEMENT_SANDBOX_API_KEY="));
  if (!line) throw new Error("no SETTLEMENT_SANDBOX_API_KEY in .env.local (node scripts/ensure-env.mjs)");
  return line.slice(line.indexOf("=") + 1).trim();
}

/** Debian's Chromium, headless and quiet, as every bench launches it. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
