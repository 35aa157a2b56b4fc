import "server-only";
import pino, { type Logger } from "pino";

/**
 * The console's structured log: one JSON line per event on stdout, level from LOG_LEVEL (info;
 * silent under vitest unless set; `consoleLogger` is the same logger on any stream, for tests). Lines carry ids, routes, statuses and durations, never a
 * body, a key, a password or a secret: the paths below are redacted should one slip in.
 */
const holder = globalThis as typeof globalThis & { __consoleLog?: Logger };

/** The console's logger writing to `destination`: the one configuration, which its tests capture. */
export function consoleLogger(destination: pino.DestinationStream, level = "info"): Logger {
  return pino(
    {
      level,
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
    destination,
  );
}

export function log(): Logger {
  holder.__consoleLog ??= consoleLogger(
    pino.destination({ dest: 1, sync: false }),
    process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  );
  return holder.__consoleLog;
}

/** Writes what is buffered (graceful shutdown). */
export function flushLog(): void {
  holder.__consoleLog?.flush();
}
