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
