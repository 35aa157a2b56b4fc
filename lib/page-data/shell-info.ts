import "server-only";
import { connectionFor } from "@/lib/settlement-api/config";
import { getSandboxInfo } from "@/lib/settlement-api/sandbox";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import type { Environment } from "@/lib/dashboard/environment-schema";

/** `apiBaseUrl`: where this environment's API calls go, for the snippets the forms show (a URL, no key). */
export type ShellInfo = { environment: Environment; accountName: string | null; apiBaseUrl: string };

/** How long a looked-up account name is reused; a failed look-up is retried sooner. */
const FRESH_MS = 5 * 60_000;
const RETRY_MS = 15_000;
let cached: { name: string | null; until: number } | undefined;

/**
 * The account behind the console's keys, as the API names it (GET /v0/sandbox/info: the one
 * endpoint that says). SETTLEMENT_ACCOUNT_NAME overrides it, e.g. for a production-only setup.
 */
export async function accountName(): Promise<string | null> {
  const override = process.env.SETTLEMENT_ACCOUNT_NAME?.trim();
  if (override) return override;
  if (cached && cached.until > Date.now()) return cached.name;
  const info = await getSandboxInfo("sandbox");
  const name = info.ok ? info.data.account.name : (cached?.name ?? null);
  cached = { name, until: Date.now() + (info.ok ? FRESH_MS : RETRY_MS) };
  return name;
}

/** What the shell shows around every page. */
export async function getShellInfo(): Promise<ShellInfo> {
  const [environment, name] = await Promise.all([getEnvironment(), accountName()]);
  return { environment, accountName: name, apiBaseUrl: connectionFor(environment).baseUrl };
}
