import { parseCommandLine } from "./args";
import { CliFailure } from "./console-client";
import { listen } from "./listen";
import { trigger } from "./trigger";
import { verifyAudit } from "./verify-audit";

/**
 * The `settlement-console` command (package.json "bin"; scripts/settlement-console.mjs loads
 * this through tsx). Imports here are relative: the CLI runs from any directory.
 */
async function main(argv: string[]): Promise<number> {
  // Offline, with no token and no console: its own arguments.
  if (argv[0] === "verify-audit")
    return verifyAudit(
      argv.slice(1),
      (line) => console.log(line),
      (line) => console.error(line),
    );
  const parsed = parseCommandLine(argv, process.env);
  if (parsed.command === "help") {
    console.log(parsed.text);
    return 0;
  }
  if (parsed.command === "error") {
    console.error(`settlement-console: ${parsed.message}`);
    return 2;
  }
  if (parsed.command === "trigger") return trigger(parsed, { out: (line) => console.log(line), env: process.env });
  const stopped = new Promise<void>((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
  return listen(parsed, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
    stopped,
  });
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliFailure) {
      console.error(`settlement-console: ${error.message}`);
      process.exit(error.exitCode);
    }
    console.error("settlement-console: unexpected error:", error);
    process.exit(1);
  },
);
