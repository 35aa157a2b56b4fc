import { parseArgs } from "node:util";
import { CATCH_UP, parseDuration } from "../listen/duration";
import { parseEventTypes, parseForwardTo } from "../listen/stream-query";
import { isTriggerFlow, TRIGGER_FLOW_TEXT, TRIGGER_FLOWS, type TriggerFlow } from "../listen/trigger-names";

/**
 * The command line of `settlement-console` (issue 33's interface, exactly these names). A token
 * is never taken from argv (shell history, `ps`): SETTLEMENT_CONSOLE_TOKEN or --token-file.
 */
export type ListenOptions = {
  command: "listen";
  url: string;
  tokenFile: string | null;
  forwardTo: string | null;
  events: string[] | null;
  printSecret: boolean;
  format: "text" | "ndjson";
  once: boolean;
  until: string | null;
  since: string | null;
};
export type TriggerOptions = { command: "trigger"; url: string; tokenFile: string | null; flow: TriggerFlow };
export type Parsed =
  | ListenOptions
  | TriggerOptions
  | { command: "help"; text: string }
  | { command: "error"; message: string };

export const USAGE = `settlement-console: sandbox webhooks on your laptop

  settlement-console listen --forward-to http://localhost:8080/webhooks
      [--url <console origin>] [--events type1,type2] [--print-secret]
      [--format text|ndjson] [--once] [--until <event type>] [--since 2h]
  settlement-console trigger <flow>
  settlement-console verify-audit <bundle.ndjson> [--previous <checkpoint file>]

  Flows: ${TRIGGER_FLOWS.map((f) => `${f} (${TRIGGER_FLOW_TEXT[f]})`).join("; ")}.

The token: SETTLEMENT_CONSOLE_TOKEN, or --token-file <path>; never on the command line. Make one
on the console's Account page or with: npm run tokens -- create --email you@example.com
--url defaults to SETTLEMENT_CONSOLE_URL, then http://localhost:3000.`;

const TOKEN_ON_ARGV = /scpat_|^--token(=|$)|^--api-key|^-t$/;

export function parseCommandLine(argv: string[], env: Record<string, string | undefined>): Parsed {
  const offending = argv.find((arg) => TOKEN_ON_ARGV.test(arg));
  if (offending) {
    return {
      command: "error",
      message:
        "A token on the command line would land in your shell history: set SETTLEMENT_CONSOLE_TOKEN or pass --token-file <path>.",
    };
  }
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h")
    return { command: "help", text: USAGE };
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: "string" },
        "token-file": { type: "string" },
        "forward-to": { type: "string" },
        events: { type: "string" },
        "print-secret": { type: "boolean" },
        format: { type: "string" },
        once: { type: "boolean" },
        until: { type: "string" },
        since: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    return { command: "error", message: `${(error as Error).message}\n\n${USAGE}` };
  }
  if (values.help) return { command: "help", text: USAGE };
  const url = String(values.url ?? env.SETTLEMENT_CONSOLE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  try {
    new URL(url);
  } catch {
    return { command: "error", message: `--url "${url}" is not a URL.` };
  }
  const tokenFile = typeof values["token-file"] === "string" ? values["token-file"] : null;

  if (command === "trigger") {
    const flow = positionals[0];
    if (!flow || !isTriggerFlow(flow))
      return { command: "error", message: `trigger needs a flow: ${TRIGGER_FLOWS.join(", ")}.` };
    return { command: "trigger", url, tokenFile, flow };
  }
  if (command !== "listen") return { command: "error", message: `Unknown command "${command}".\n\n${USAGE}` };
  if (positionals.length > 0) return { command: "error", message: `Unexpected argument "${positionals[0]}".` };

  const printSecret = values["print-secret"] === true;
  let forwardTo: string | null = null;
  if (typeof values["forward-to"] === "string") {
    const parsed = parseForwardTo(values["forward-to"]);
    if (!parsed.ok) return { command: "error", message: parsed.message };
    forwardTo = parsed.url;
  } else if (!printSecret) {
    return {
      command: "error",
      message: "listen needs --forward-to <url>, for example --forward-to http://localhost:8080/webhooks.",
    };
  }
  let events: string[] | null = null;
  if (typeof values.events === "string") {
    const parsed = parseEventTypes(values.events);
    if (!parsed.ok) return { command: "error", message: parsed.message };
    events = parsed.types;
  }
  const format = values.format ?? "text";
  if (format !== "text" && format !== "ndjson") return { command: "error", message: "--format is text or ndjson." };
  const until = typeof values.until === "string" ? values.until : null;
  if (until !== null) {
    const parsed = parseEventTypes(until);
    if (!parsed.ok || parsed.types.length !== 1)
      return { command: "error", message: `--until takes one event type. ${parsed.ok ? "" : parsed.message}`.trim() };
  }
  const since = typeof values.since === "string" ? values.since : null;
  if (since !== null) {
    const parsed = parseDuration(since, CATCH_UP);
    if (!parsed.ok) return { command: "error", message: `--since: ${parsed.message}` };
  }
  return {
    command: "listen",
    url,
    tokenFile,
    forwardTo,
    events,
    printSecret,
    format,
    once: values.once === true,
    until,
    since,
  };
}
