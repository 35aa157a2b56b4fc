/**
 * An endpoint's health (issue 63, decisions D9.15): whether it keeps failing, since when, whether it
 * was warned or turned off and why; its failure policy; and, in the sandbox, a rehearsed outage.
 */
import { z } from "@/lib/schemas/zod";
import { isoTimestamp } from "./common";

export const WEBHOOK_HEALTH_STATES = ["HEALTHY", "FAILING", "DISABLED"] as const;
export const OUTAGE_MODES = ["http_500", "timeout"] as const;
export type OutageMode = (typeof OUTAGE_MODES)[number];

/** Hours of only failures before the warning: at least 1, at most a week. */
export const MAX_WARN_AFTER_HOURS = 168;
/** Hours of only failures before the endpoint is turned off: at most 30 days. */
export const MAX_DISABLE_AFTER_HOURS = 720;
export const DEFAULT_WARN_AFTER_HOURS = 24;
export { DEFAULT_PRODUCTION_DISABLE_AFTER_HOURS } from "./webhook-limits";
/** The longest rehearsed outage: 30 days of sandbox time. */
export const MAX_OUTAGE_HOURS = 720;

const hours = (what: string, min: number, max: number) =>
  z
    .number({ error: `Must be a whole number of hours` })
    .int("Must be a whole number of hours")
    .min(min, `Must be at least ${min} ${min === 1 ? "hour" : "hours"}`)
    .max(max, `Must be at most ${max} hours`)
    .meta({ description: what });

export const webhookHealthSchema = z
  .object({
    webhook_id: z.string(),
    state: z.enum(WEBHOOK_HEALTH_STATES).meta({
      description:
        "HEALTHY: the last attempt succeeded (or none failed since); FAILING: every attempt since failing_since failed; DISABLED: the endpoint is off",
    }),
    failing_since: isoTimestamp.nullable().meta({ description: "The first failed attempt after the last success" }),
    last_failure_at: isoTimestamp.nullable(),
    last_failure: z.string().nullable().meta({ description: 'The last failure in a few words ("HTTP 500")' }),
    warned_at: isoTimestamp
      .nullable()
      .meta({ description: "When webhook_endpoint.failing was sent for this run of failures" }),
    disabled_at: isoTimestamp
      .nullable()
      .meta({ description: "When the endpoint was last turned off (by the policy or a PATCH)" }),
    disabled_reason: z.string().nullable(),
    warn_after_hours: z.number().int(),
    disable_after_hours: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Hours of only failures before the endpoint is turned off; null: never" }),
    outage: z
      .object({ until: isoTimestamp, mode: z.enum(OUTAGE_MODES) })
      .nullable()
      .meta({ description: "A rehearsed outage (sandbox): attempts before `until` fail without a send" }),
  })
  .meta({ id: "WebhookHealth", "x-extension": true });
export type WebhookHealth = z.output<typeof webhookHealthSchema>;

/** PUT /v0/webhooks/{id}/failure-policy (extension). */
export const webhookFailurePolicySchema = z
  .object({
    warn_after_hours: hours(
      "Hours of only failures before webhook_endpoint.failing and a warning on the console",
      1,
      MAX_WARN_AFTER_HOURS,
    ),
    disable_after_hours: hours(
      "Hours of only failures before the endpoint is turned off (webhook_endpoint.disabled); null: never",
      2,
      MAX_DISABLE_AFTER_HOURS,
    ).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.disable_after_hours !== null && v.disable_after_hours <= v.warn_after_hours)
      ctx.addIssue({
        code: "custom",
        path: ["disable_after_hours"],
        message: "Must be more than warn_after_hours (the warning comes first)",
      });
  })
  .meta({ id: "WebhookFailurePolicy", "x-extension": true });
export type WebhookFailurePolicyInput = z.input<typeof webhookFailurePolicySchema>;

/** PUT /v0/webhooks/{id}/outage (sandbox extension): fail every attempt for this many hours of the sandbox clock; 0 ends it. */
export const webhookOutageSchema = z
  .object({
    hours: z
      .number({ error: "Must be a whole number of hours" })
      .int("Must be a whole number of hours")
      .min(0, "Must be 0 (ends the outage) or more")
      .max(MAX_OUTAGE_HOURS, `Must be at most ${MAX_OUTAGE_HOURS} hours`)
      .meta({ description: "Hours of sandbox time from now; 0 ends the outage" }),
    mode: z
      .enum(OUTAGE_MODES)
      .optional()
      .meta({ description: "http_500 (default): each attempt answers 500; timeout: each times out after 10 s" }),
  })
  .meta({ id: "WebhookOutage", "x-extension": true });
export type WebhookOutageInput = z.input<typeof webhookOutageSchema>;
