import type { TriggerOptions } from "./args";
import { CliFailure, postJson, readToken, refusalText } from "./console-client";

/** `settlement-console trigger <flow>`: runs a sandbox flow through the console and says what it did. */
export async function trigger(
  options: TriggerOptions,
  io: { out: (line: string) => void; env: Record<string, string | undefined> },
): Promise<number> {
  const token = readToken(options.tokenFile, io.env);
  const response = await postJson(
    `${options.url}/api/cli/trigger`,
    token,
    { flow: options.flow },
    AbortSignal.timeout(60_000),
  ).catch((error: unknown) => {
    throw new CliFailure(`Cannot reach the console at ${options.url}: ${(error as Error).message}`, 1);
  });
  if (!response.ok) throw new CliFailure(await refusalText(response), 1);
  const result = (await response.json()) as {
    request_id: string;
    request_url: string;
    steps: Array<{ what: string; status: string }>;
    note?: string;
  };
  io.out(`Triggered ${options.flow}: ${result.request_id}`);
  for (const step of result.steps) io.out(`  ${step.what} → ${step.status}`);
  if (result.note) io.out(result.note);
  io.out(`Open it: ${result.request_url}`);
  return 0;
}
