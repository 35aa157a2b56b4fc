/**
 * Test support for the dashboard journeys: the real embedded service's keys (from the env or
 * .env.local, as the app reads them), a direct API client for setup and checks, and valid
 * identifiers of every destination shape.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { VALID as FIXTURES } from "../../lib/schemas/test-fixtures";
import { clabeCheckDigit } from "../../lib/validators/clabe";
import { nubanCheckDigit } from "../../lib/validators/nuban";
import { whenHydrated } from "./hydration";
import { choose, typeInto } from "./forms";

export function readEnvLocal(): Record<string, string> {
  try {
    const text = readFileSync(".env.local", "utf8");
    const out: Record<string, string> = {};
    for (const line of text.split(/\r?\n/)) {
      const m = /^\s*([A-Z0-9_]+)\s*=\s*"?([^"\r\n]*)"?\s*$/.exec(line);
      if (m) out[m[1]] = m[2];
    }
    return out;
  } catch {
    return {};
  }
}

export function apiKeys(): string[] {
  const local = readEnvLocal();
  return ["SETTLEMENT_SANDBOX_API_KEY", "SETTLEMENT_PRODUCTION_API_KEY"]
    .map((name) => process.env[name] ?? local[name])
    .filter((k): k is string => typeof k === "string" && k.length > 0);
}

export function sandboxKey(): string {
  const key = process.env.SETTLEMENT_SANDBOX_API_KEY ?? readEnvLocal().SETTLEMENT_SANDBOX_API_KEY;
  if (!key) throw new Error("No SETTLEMENT_SANDBOX_API_KEY in the environment or .env.local");
  return key;
}

/** The app's test identifiers, and a UK sort code for the GBP form. */
export const VALID = { ...FIXTURES, sortCodeGB: "123456" } as const;

/**
 * Destinations never paid before (issue 43): a production payment to the same destination and
 * currency within 24 h is held as a possible duplicate, so journeys that create in production
 * (and their retries) pay fresh ones. Each is valid: the same check digits the forms verify.
 */
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join("");
export const fresh = {
  evm: () => `0x${randomBytes(20).toString("hex")}`,
  ibanDE: () => {
    const bban = digits(18);
    const check = 98 - Number(BigInt(`${bban}131400`) % 97n);
    return `DE${String(check).padStart(2, "0")}${bban}`;
  },
  clabe: () => {
    const first = `032180${digits(11)}`;
    return `${first}${clabeCheckDigit(first)}`;
  },
  nuban: () => {
    const serial = digits(9);
    return {
      bank_code: VALID.nuban.bank_code,
      account_number: `${serial}${nubanCheckDigit(VALID.nuban.bank_code, serial)}`,
    };
  },
  accountNumber: () => `9${digits(8)}`,
};

export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** A STABLECOIN_TO_FIAT request body: USDC on Solana to a German IBAN, €250.00. */
export function offrampBody(externalId: string, metadata: Record<string, string> = {}) {
  return {
    type: "STABLECOIN_TO_FIAT",
    payment_reason: "PURCHASE_OF_SERVICES",
    source: { currency: "USDC", rail: "SOLANA", wallet_address: VALID.solana },
    destination: {
      currency: "EUR",
      rail: "LOCAL",
      amount: "250.00",
      iban: VALID.ibanDE,
      beneficiary: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Lovelace", address: { country_code: "DE" } },
    },
    external_id: externalId,
    metadata,
  };
}

/** Creates a STABLECOIN_TO_FIAT request to an IBAN straight through the API (test setup). */
export async function createRequestViaApi(
  request: APIRequestContext,
  externalId: string,
  metadata: Record<string, string> = {},
): Promise<{ id: string }> {
  const res = await request.post("/v0/settlement-requests", {
    headers: { "X-Api-Key": sandboxKey(), "Idempotency-Key": unique("e2e") },
    data: offrampBody(externalId, metadata),
  });
  if (res.status() !== 201) throw new Error(`setup create failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

export async function countByExternalId(request: APIRequestContext, externalId: string): Promise<number> {
  const res = await request.get(`/v0/settlement-requests?external_id=${encodeURIComponent(externalId)}`, {
    headers: { "X-Api-Key": sandboxKey() },
  });
  const body = (await res.json()) as { pagination: { total: number } };
  return body.pagination.total;
}

/** Collects console errors and uncaught page errors. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error")
      errors.push(`console: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ""}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** Fills the beneficiary of a fiat destination (individual). */
export async function fillIndividual(page: Page, first = "Ada", last = "Lovelace") {
  await typeInto(page.getByLabel("First name"), first);
  await typeInto(page.getByLabel("Last name"), last);
}

/** The console's administrator for test runs (ADMIN_EMAIL / ADMIN_PASSWORD, as the app bootstraps it). */
export function adminCredentials(): { email: string; password: string } {
  const local = readEnvLocal();
  return {
    email: process.env.ADMIN_EMAIL ?? local.ADMIN_EMAIL ?? "admin@console.local",
    password: process.env.ADMIN_PASSWORD ?? local.ADMIN_PASSWORD ?? "e2e-admin-password-0001",
  };
}

/**
 * Signs in when the console asks for it (the sign-in issue adds a session check in front of
 * every page and action); does nothing when there is no sign-in page.
 */
export async function signIn(page: Page): Promise<void> {
  await page.goto("/rates");
  if (!new URL(page.url()).pathname.startsWith("/sign-in")) return;
  const { email, password } = adminCredentials();
  await typeInto(page.getByLabel("Email"), email);
  await typeInto(page.getByLabel("Password"), password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
}

/** The builder, on the given type. */
export async function openBuilder(page: Page, type: string) {
  await page.goto("/settlement-requests/new");
  const select = page.getByRole("combobox", { name: "Type", exact: true });
  await whenHydrated(select); // a choice made before hydration is reset to the form's default
  await choose(select, type);
}

/** The builder's Destination card. */
export const destinationSection = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Destination" }) });

/**
 * Waits until React has hydrated the control `label` names (its DOM node carries React's props),
 * so that typing into it reaches the component: a value typed into the server-rendered field
 * before hydration is reset to the component's state (e2e/support/hydration.ts).
 */
export async function whenInteractive(page: Page, label: string): Promise<void> {
  await whenHydrated(page.getByLabel(label));
}

/** Unfolds a list's created-date range (folded until used), once the page can take the click: focus lands on "Created from". */
export async function openDateRange(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "Created date" });
  await whenHydrated(button);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(page.getByLabel("Created from")).toBeFocused();
}
