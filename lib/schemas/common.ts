/**
 * Small building blocks shared by the request and response schemas.
 */
import { z } from "@/lib/schemas/zod";
import { fieldLabel } from "./field-label";

/** ISO 8601 timestamp with a zone (Z or ±hh:mm). */
export const isoTimestamp = z.iso.datetime({ offset: true }).meta({ example: "2026-11-21T15:00:00.000Z" });

export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Must be an ISO 3166-1 alpha-2 country code such as "US"')
  .meta({ description: "ISO 3166-1 alpha-2 country code", example: "US" });

export const externalId = z
  .string()
  .min(1)
  .max(255)
  .meta({ description: "Caller-chosen identifier (not unique), at most 255 characters" });

/** A bounded free-text field. */
export const text = (max = 255) => z.string().trim().min(1, "Must not be empty").max(max);

export const METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH = 500;

/** metadata on create: at most 50 keys, key ≤ 40 characters, string values ≤ 500 characters. */
export const metadataInput = z
  .record(z.string(), z.string().max(METADATA_MAX_VALUE_LENGTH))
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > METADATA_MAX_KEYS) {
      ctx.addIssue({ code: "custom", message: `Must have at most ${METADATA_MAX_KEYS} keys (got ${keys.length})` });
    }
    for (const key of keys) {
      if (key.length === 0 || key.length > METADATA_MAX_KEY_LENGTH) {
        ctx.addIssue({
          code: "custom",
          message: `Key must be 1 to ${METADATA_MAX_KEY_LENGTH} characters`,
          path: [key],
        });
      }
    }
  })
  .meta({
    description: `String-to-string map: at most ${METADATA_MAX_KEYS} keys, keys at most ${METADATA_MAX_KEY_LENGTH} characters, values at most ${METADATA_MAX_VALUE_LENGTH}`,
  });

/** metadata in responses. */
export const metadataOutput = z.record(z.string(), z.string());

/** 1–255 printable ASCII characters, space included, not blank (the Idempotency-Key header and /v1 idempotency_key). */
export const idempotencyKey = z
  .string()
  .regex(/^(?=.*[\x21-\x7e])[\x20-\x7e]{1,255}$/, "Must be 1 to 255 printable characters (spaces allowed), not blank")
  .meta({ description: "1–255 printable characters (0x20–0x7E, space included), not blank" });

interface IssueLike {
  code?: string;
  input?: unknown;
}

/** Error map for an enum: "<Field> is required" when missing (messages.ts), else the accepted values. */
export function enumMessage(options: readonly string[]) {
  return (issue: IssueLike): string | undefined =>
    issue.input === undefined ? undefined : `Must be one of ${options.join(", ")} (got ${String(issue.input)})`;
}

/**
 * Error map for a discriminated union: names the discriminator's accepted values when it does
 * not match (the issue's path is the discriminator); other issues keep zod's default message.
 */
export function discriminatorMessage(key: string, describe: (value: unknown) => string) {
  return (issue: IssueLike): string | undefined => {
    if (issue.code === "invalid_type" && issue.input === undefined) return undefined;
    if (issue.code !== "invalid_union") return undefined;
    const input = issue.input;
    const value = typeof input === "object" && input !== null ? (input as Record<string, unknown>)[key] : undefined;
    return value === undefined ? `${fieldLabel([key])} is required` : describe(value);
  };
}

/**
 * A date ("2026-11-01", its whole UTC day) or an instant with its zone, as a range bound of the
 * extensions (list range, statement, summary): the use cases read it with `createdRange`.
 */
export const dateOrInstant = (description: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: "Must be a date (2026-11-01) or a date and time with its zone",
    })
    .optional()
    .meta({ description, example: "2026-11-01" });
