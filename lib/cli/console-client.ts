import { readFileSync } from "node:fs";

/**
 * The CLI's calls to the console (app/api/cli/*), with the person's token in the Authorization
 * header. The token comes from --token-file or SETTLEMENT_CONSOLE_TOKEN, never argv.
 */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export function readToken(tokenFile: string | null, env: Record<string, string | undefined>): string {
  if (tokenFile) {
    let text: string;
    try {
      text = readFileSync(tokenFile, "utf8");
    } catch (error) {
      throw new CliFailure(`Cannot read --token-file ${tokenFile}: ${(error as Error).message}`, 2);
    }
    const token = text.trim();
    if (!token) throw new CliFailure(`--token-file ${tokenFile} is empty.`, 2);
    return token;
  }
  const token = env.SETTLEMENT_CONSOLE_TOKEN?.trim();
  if (!token) {
    throw new CliFailure(
      "No token. Set SETTLEMENT_CONSOLE_TOKEN or pass --token-file <path>. Make one on the console's Account page, or: npm run tokens -- create --email you@example.com",
      2,
    );
  }
  return token;
}

/** The console's refusal in words: its message, else the status. */
export async function refusalText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return body.error.message;
  } catch {
    // not JSON: the status says it
  }
  return `the console answered ${response.status} ${response.statusText}`.trim();
}

export async function postJson(url: string, token: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      "User-Agent": "settlement-console-cli",
    },
    body: JSON.stringify(body),
    signal: signal ?? AbortSignal.timeout(15_000),
  });
}

export async function getJson(url: string, token: string): Promise<Response> {
  return fetch(url, {
    headers: { Authorization: `Bearer ${token}`, "User-Agent": "settlement-console-cli" },
    signal: AbortSignal.timeout(15_000),
  });
}
