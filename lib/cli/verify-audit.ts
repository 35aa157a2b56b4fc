import { createReadStream, existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { BundleVerifier } from "../audit-log/verify";

export const VERIFY_USAGE = `settlement-console verify-audit <bundle.ndjson> [--previous <checkpoint file>]

Checks an audit bundle downloaded from the console's Audit page, offline: every checkpoint's
signature, every entry's inclusion proof, and (with --previous, a checkpoint you kept from an
earlier bundle or your witness) that the log only grew since. Needs no console, network or
database. Exit 0 only when everything holds; 1 names the first line that does not; 2 for usage.`;

/**
 * `settlement-console verify-audit` (issue 47, decisions D22.5): reads the bundle line by line
 * (a bundle of a million entries is never one string) through the same verifier the console's
 * Verify button runs.
 */
export async function verifyAudit(
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  let values: { previous?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { previous: { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    err(`settlement-console: ${(error as Error).message}\n\n${VERIFY_USAGE}`);
    return 2;
  }
  if (values.help) {
    out(VERIFY_USAGE);
    return 0;
  }
  const [file, extra] = positionals;
  if (!file || extra) {
    err(VERIFY_USAGE);
    return 2;
  }
  if (!existsSync(file)) {
    err(`settlement-console: no bundle at ${file}`);
    return 2;
  }
  let previous: string | undefined;
  if (values.previous !== undefined) {
    if (!existsSync(values.previous)) {
      err(`settlement-console: no checkpoint at ${values.previous}`);
      return 2;
    }
    previous = readFileSync(values.previous, "utf8");
    // A checkpoint line copied out of a bundle is accepted as well as the bare note.
    if (previous.trimStart().startsWith("{"))
      previous = String((JSON.parse(previous) as { note?: unknown }).note ?? "");
  }
  const verifier = new BundleVerifier(previous === undefined ? {} : { previous });
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    verifier.line(line);
    if (verifier.failed) {
      lines.close();
      break;
    }
  }
  const verdict = verifier.finish();
  if (verdict.ok) {
    out(`OK: ${verdict.summary} (${verdict.origin})`);
    return 0;
  }
  err(`FAILED: ${verdict.summary}`);
  return 1;
}
