import "server-only";
import pino, { type Logger } from "pino";

/**
 * The console's structured log: one JSON line per event on stdout, level from LOG_LEVEL (info;
 * silent under vitest unless set). Lines carry ids, routes, statuses and durations, never a
 * body, a key, a password or a secret: the paths below are redacted should one slip in.
 */
const holder = globalThis as typeof globalThis & { __consoleLog?: Logger };

export function log(): Logger {
  holder.__consoleLog ??= pino(
    {
      level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
      base: { service: "settlement-console", pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          ...[
            "password",
            "currentPassword",
            "newPassword",
            "secret",
            "apiKey",
            "api_key",
            "key",
            "token",
            "authorization",
            "cookie",
          ].flatMap((name) => [name, `*.${name}`]),
          ...["authorization", "cookie", "set-cookie", "x-api-key", "proxy-authorization"].flatMap((name) => [
            `headers["${name}"]`,
            `*.headers["${name}"]`,
          ]),
        ],
        censor: "[redacted]",
      },
      formatters: { level: (label) => ({ level: label }) },
    },
    pino.destination({ dest: 1, sync: false }),
  );
  return holder.__consoleLog;
}

/** Writes what is buffered (graceful shutdown). */
export function flushLog(): void {
  holder.__consoleLog?.flush();
}
