import { readFileSync } from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { signedIn } from "../lib/console";
import { ADMIN, BASE, EVM, KEY, SOLANA } from "./settings";

/** What the bench puts in the console before it measures: requests, a disbursement, a /v1 payment, a batch, a payer's link. */

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(BASE + path, {
    method,
    headers: {
      "X-Api-Key": KEY,
      Accept: "application/json",
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export function requestBody(i: number) {
  return {
    type: "STABLECOIN_TO_FIAT",
    payment_reason: "PURCHASE_OF_SERVICES",
    source: { currency: "USDC", rail: "SOLANA", wallet_address: SOLANA },
    destination: {
      currency: "EUR",
      rail: "LOCAL",
      amount: `${100 + i}.00`,
      iban: "DE89370400440532013000",
      beneficiary: { type: "INDIVIDUAL", first_name: "Ada", last_name: "Lovelace", address: { country_code: "DE" } },
    },
    external_id: `bench-${i}`,
  };
}

/** Sample data: 100 settlement requests, a disbursement, a /v1 payment; ids for the detail routes. */
export async function seed(): Promise<Record<string, string>> {
  let first = "";
  for (let i = 0; i < 100; i++) {
    const r = await api<{ id: string; inbound_payment: { id: string } }>(
      "POST",
      "/v0/settlement-requests",
      requestBody(i),
      { "Idempotency-Key": `bench-${i}-${Date.now()}` },
    );
    first ||= r.id;
  }
  const request = await api<{ id: string; inbound_payment: { id: string } }>("GET", `/v0/settlement-requests/${first}`);
  const disbursement = await api<{ id: string }>(
    "POST",
    "/v0/disbursements",
    { wallet_address: EVM, amount: "5", currency: "USDC" },
    { "Idempotency-Key": `bench-d-${Date.now()}` },
  );
  const v1 = await api<{ id: string }>("POST", "/v1/payments", {
    type: "LIQUIDITY",
    amount: "5",
    currency_code: "USDC",
    chain: "SOLANA",
    destination_wallet: SOLANA,
  });
  return { request: request.id, payment: request.inbound_payment.id, disbursement: disbursement.id, v1: v1.id };
}

export const signIn = (browser: Browser): Promise<BrowserContext> => signedIn(browser, BASE, ADMIN);

/**
 * A batch of 50 disbursement rows, uploaded as a person does: its page is among the heaviest
 * (issue 60). (/approvals/[id] needs a rule and a held submission: not measured yet.)
 */
export async function uploadBatch(context: BrowserContext): Promise<string> {
  const page = await context.newPage();
  const rows = Array.from({ length: 50 }, (_, i) => `${SOLANA},${i + 1}.00,USDC,SOLANA`).join("\n");
  await page.goto("/batches");
  await page.getByLabel("Disbursements from the pre-funded balance").check();
  await page.getByTestId("batch-file").setInputFiles({
    name: "bench.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`wallet_address,amount,currency,chain\n${rows}\n`, "utf8"),
  });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await page.waitForURL(/\/batches\/bat_/);
  const id = page.url().split("/").pop() ?? "";
  await page.close();
  return id;
}

/** A payer's link to a request's instructions, made through the console's own server action. */
export async function payerLink(context: BrowserContext, requestId: string): Promise<string> {
  const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const action = serverAction("sharePaymentInstructions", { id: requestId });
  const res = await postServerAction(action, cookies, [{ id: requestId }]);
  const path = /\/pay\/[\w-]+\.[\w-]+/.exec(await res.text())?.[0];
  if (!path) throw new Error("sharePaymentInstructions gave no link");
  return path;
}

/** One call of a server action as the browser posts it, with the session's cookies. */
export const postServerAction = (action: { id: string; path: string }, cookies: string, args: unknown[]) =>
  fetch(BASE + action.path, {
    method: "POST",
    headers: {
      "Next-Action": action.id,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Origin: BASE,
      Cookie: cookies,
    },
    body: JSON.stringify(args),
  });

/** The id of a server action and a page path that serves it (as e2e/fixtures/server-actions.ts). */
export function serverAction(exportedName: string, params: Record<string, string>): { id: string; path: string } {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
  };
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.exportedName !== exportedName) continue;
    const worker = Object.keys(entry.workers).find((w) => w.startsWith("app/") && w.endsWith("/page"));
    if (!worker) continue;
    const path = worker
      .replace(/^app/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\/page$/, "")
      .replace(/\[(\w+)\]/g, (_m, name: string) => params[name] ?? name);
    return { id, path: path || "/" };
  }
  throw new Error(`No server action ${exportedName} in .next (build first)`);
}
