import "server-only";
import { z } from "@/lib/schemas/zod";

/**
 * Every environment variable the app reads, parsed once (decisions D1). A wrong value stops the
 * start with a message that names it.
 */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional());
const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const envSchema = z.object({
  PORT: positiveInt(3000),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().trim().min(1).default("./.data"),
  SETTLEMENT_SANDBOX_BASE_URL: optionalUrl.optional(),
  SETTLEMENT_PRODUCTION_BASE_URL: optionalUrl.optional(),
  SETTLEMENT_SANDBOX_API_KEY: optionalText,
  SETTLEMENT_PRODUCTION_API_KEY: optionalText,
  RATE_LIMIT_SANDBOX_PER_MINUTE: positiveInt(100),
  RATE_LIMIT_PRODUCTION_PER_MINUTE: positiveInt(1000),
  EMBEDDED_SERVICE: z.enum(["on", "off"]).default("on"),
  /** Seconds the simulated rails take: outbound PROCESSING → SENT, then SENT → COMPLETED. */
  RAIL_SENT_DELAY_SECONDS: z.coerce.number().min(0).default(2),
  RAIL_COMPLETED_DELAY_SECONDS: z.coerce.number().min(0).default(3),
  /** How often the background workers look for due work, in milliseconds. */
  WORKER_INTERVAL_MS: positiveInt(500),
  /** Webhook delivery: one attempt's timeout, the claim lease (> timeout), sends in flight. */
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
  WEBHOOK_LEASE_MS: positiveInt(30_000),
  WEBHOOK_CONCURRENCY: positiveInt(128),
  /** The API request log (an extension); off only to measure what it costs. */
  REQUEST_LOG: z.enum(["on", "off"]).default("on"),
  /**
   * The operator's token for the service's key administration (GET/POST/DELETE /v0/admin/api-keys,
   * decisions D12.10): set on the service to open it, and on a console that manages a remote
   * service's keys. At least 32 characters; never a merchant key.
   */
  SERVICE_ADMIN_TOKEN: z.string().min(32, "SERVICE_ADMIN_TOKEN: at least 32 characters").optional(),
  /** Sandbox webhooks may target private, link-local and special-use ranges (loopback is always allowed). */
  SANDBOX_WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Sandbox webhooks may target loopback on a hosted console (AUTH_URL https): off unless set (local consoles always may). */
  SANDBOX_WEBHOOK_ALLOW_LOOPBACK: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /** The embedded service's collection bank in production instructions (sandbox keeps "Settlement Sandbox Bank"). */
  PRODUCTION_BANK_NAME: optionalText.pipe(z.string().max(100).optional()),
  /** The console's audit trail: rows older than this many days go, and past AUDIT_MAX_ROWS the oldest. */
  AUDIT_RETENTION_DAYS: positiveInt(365),
  /** A held submission expires this many hours after it was made (on the sandbox clock in sandbox). */
  APPROVAL_EXPIRY_HOURS: positiveInt(168),
  /** A production approval needs the second factor proved within this many seconds (issue 43). */
  STEP_UP_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** A production destination never paid waits this long after it was first seen, unless an administrator sets another period (issue 43). */
  PRODUCTION_COOLING_OFF_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(24 * 60),
  /** A person added less than this many hours ago cannot approve production submissions (0: no wait; issue 43). */
  APPROVER_MIN_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 90)
    .default(24),
  /** Batch payouts: sends per second at most (0: as fast as the API's rate limit allows), leaving room for other callers of the key. */
  BATCH_SENDS_PER_SECOND: z.coerce.number().min(0).max(1000).default(0),
  /**
   * The merchant's time zone (an IANA name): the one calendar of every period in the product
   * (daily limits, reconciliation, the Close, reports, schedules). LIMITS_TIME_ZONE, its earlier
   * name, is still read when this is unset (parseEnv).
   */
  MERCHANT_TIME_ZONE: z
    .string()
    .default("UTC")
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "Not a time zone (an IANA name such as Europe/Berlin; also read from LIMITS_TIME_ZONE)"),
  AUDIT_MAX_ROWS: positiveInt(1_000_000),
  /** Processes of `npm run service` sharing its port (PostgreSQL only: PGlite is one process's). */
  SERVICE_WORKERS: positiveInt(1),
  LOW_BALANCE_THRESHOLD: z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .default("1000"),
  /** Signs the console's session cookies; written to .env.local on first start. */
  AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  /** Seals webhook and inbox secrets at rest (AES-256-GCM, 32 bytes base64); written to .env.local on first start; shared by every instance. */
  DATA_ENCRYPTION_KEY: optionalText,
  /** The key before the last rotation, still read while rows are sealed again (npm run secrets -- rotate). */
  DATA_ENCRYPTION_KEY_PREVIOUS: optionalText,
  /** Turns on GET /api/metrics (Prometheus), for callers sending `Authorization: Bearer <token>`. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Log level of the JSON logs (pino): fatal, error, warn, info, debug, trace, silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Proxies in front of the console whose X-Forwarded-For may be believed: a count, or "true" for one. */
  TRUSTED_PROXY: optionalText.refine(
    (v) => v === undefined || /^(true|false|(10|[0-9]))$/.test(v),
    'must be "true", "false" or the number of proxies in front, 0 to 10',
  ),
  /** The proxies' own addresses (IPv4, /prefix allowed, or IPv6), besides loopback: only their forwarded headers count. */
  TRUSTED_PROXY_ADDRESSES: optionalText,
  /** "true": start in production although client addresses cannot be known (sign-in throttles per email only). */
  ALLOW_UNKNOWN_CLIENT_ADDRESS: optionalText,
  /** Other origins passkeys may be used from, besides AUTH_URL's (comma-separated, multi-domain installs). */
  PASSKEY_EXTRA_ORIGINS: z
    .string()
    .trim()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** Where notices are mailed from (issue 64): smtp://user:pass@host:587 or smtps://…:465; unset: notices wait in the outbox. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  /** The sender of notices. */
  NOTICE_FROM: z.string().trim().default("Settlement Console <notices@settlement-console.local>"),
  /** The console's public URL (https://console.example.com); unset: localhost on any port. */
  AUTH_URL: optionalUrl.optional(),
  /** Where a service on another host reaches the console's inbox receivers; unset: AUTH_URL, then localhost. */
  INBOX_PUBLIC_URL: optionalUrl.optional(),
  /** The first administrator; without a password one is generated and printed once. */
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, "must be at least 12 characters").max(128).optional()),
});
export type Env = z.output<typeof envSchema>;

let cached: Env | undefined;

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // LIMITS_TIME_ZONE is MERCHANT_TIME_ZONE's earlier name, accepted while the new one is unset.
  const zone = source.MERCHANT_TIME_ZONE?.trim() || source.LIMITS_TIME_ZONE?.trim() || undefined;
  const result = envSchema.safeParse({ ...source, MERCHANT_TIME_ZONE: zone });
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The parsed environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
