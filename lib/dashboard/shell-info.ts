import "server-only";
import { getEnvironment } from "./environment-cookie";
import type { Environment } from "./environment-schema";

export type ShellInfo = { environment: Environment; accountName: string | null };

/** What the shell shows around every page. The account name will come from the API later. */
export async function getShellInfo(): Promise<ShellInfo> {
  const environment = await getEnvironment();
  const accountName = process.env.SETTLEMENT_ACCOUNT_NAME?.trim() || null;
  return { environment, accountName };
}
