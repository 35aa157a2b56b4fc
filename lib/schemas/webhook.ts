/**
 * Webhook endpoints (decisions D9): create and patch bodies, the record, deliveries (extension)
 * and the event payload delivered to receivers.
 */
import { z } from "@/lib/schemas/zod";
import { EVENT_TYPES } from "@/lib/state-machine/webhooks";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_STATUSES } from "@/lib/state-machine/webhooks";
import { enumMessage, isoTimestamp, text } from "./common";
import { MAX_REPLAY_DAYS } from "./webhook-limits";

/**
 * http or https URL. Production's https-only and no-private-address rules need the environment
 * and DNS: the use case checks them.
 */
export const webhookUrl = z
  .url({ protocol: /^https?$/, error: "Must be an http or https URL" })
  .max(2048)
  // Markup or spaces in a URL are a mistake (RFC 3986 wants them percent-encoded), not an address.
  .refine((url) => !/[\s<>"'`{}|\\^]/.test(url), {
    message: "Must not contain spaces or the characters < > \" ' ` { } | \\ ^ (percent-encode them)",
    abort: true,
  })
  .meta({ description: "Production: https, not resolving to loopback or private addresses" });

const eventType = z.enum(EVENT_TYPES, { error: enumMessage(EVENT_TYPES) });

/** A non-empty list of event types; repeats are dropped (order kept). */
export const webhookEvents = z
  .array(eventType)
  .min(1, "Must list at least one event type")
  .max(EVENT_TYPES.length * 4)
  .transform((events) => [...new Set(events)]);

export const webhookCreateSchema = z
  .object({
    url: webhookUrl,
    events: webhookEvents,
    description: text(500).optional(),
  })
  .meta({ id: "WebhookCreate" });
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

/** PATCH: each field optional; `events` replaces the list. */
export const webhookUpdateSchema = z
  .object({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    status: z.enum(WEBHOOK_STATUSES, { error: enumMessage(WEBHOOK_STATUSES) }).optional(),
    description: text(500).optional(),
  })
  .meta({ id: "WebhookUpdate" });
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(eventType),
    description: z.string().nullish(),
    status: z.enum(WEBHOOK_STATUSES),
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_-]+$/)
      .optional()
      .meta({ description: "whsec_ + 32 random bytes (base64url). Returned only by create" }),
    created_at: isoTimestamp,
    updated_at: isoTimestamp.nullish(),
  })
  .meta({ id: "Webhook" });
export type Webhook = z.output<typeof webhookSchema>;

/** The longest overlap a rotation may give the old secret: 7 days. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 86_400;
export const DEFAULT_SECRET_OVERLAP_SECONDS = 86_400;

/** POST /v0/webhooks/{id}/rotate (extension): how long the secret it has now keeps signing beside the new one. */
export const webhookRotateSchema = z
  .object({
    previous_secret_expires_in: z
      .number({ error: "Must be a whole number of seconds" })
      .int("Must be a whole number of seconds")
      .min(0, "Must be 0 (the old secret stops at once) or more")
      .max(MAX_SECRET_OVERLAP_SECONDS, `Must be at most ${MAX_SECRET_OVERLAP_SECONDS} (7 days)`)
      .optional()
      .meta({
        description: `Seconds the old secret keeps signing beside the new one; default ${DEFAULT_SECRET_OVERLAP_SECONDS} (24 h), at most 7 days, 0 ends it at once`,
      }),
  })
  .meta({ id: "WebhookRotate", "x-extension": true });
export type WebhookRotateInput = z.input<typeof webhookRotateSchema>;

/** An endpoint's secret rotation as the API shows it: never a secret, except the new one in the rotate answer. */
export const webhookSecretRotationSchema = z
  .object({
    webhook_id: z.string(),
    rotated_at: isoTimestamp.nullable().meta({ description: "When the secret was last rolled; null: never" }),
    previous_secret_expires_at: isoTimestamp
      .nullable()
      .meta({ description: "Until when the old secret signs too (a second v1 in the header); null: no overlap now" }),
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9_-]+$/)
      .optional()
      .meta({ description: "The new secret: returned only by the rotation" }),
  })
  .meta({ id: "WebhookSecretRotation", "x-extension": true });
export type WebhookSecretRotation = z.output<typeof webhookSecretRotationSchema>;

/** The most deliveries a second an endpoint may be given a throttle of. */
export const MAX_WEBHOOK_RATE = 1000;

/** PUT /v0/webhooks/{id}/throttle (extension): at most this many deliveries a second, across instances; null: none. */
export const webhookThrottleSchema = z
  .object({
    max_per_second: z
      .number({ error: "Must be a whole number of deliveries a second, or null for no limit" })
      .int("Must be a whole number of deliveries a second")
      .min(1, "Must be at least 1 (null: no limit)")
      .max(MAX_WEBHOOK_RATE, `Must be at most ${MAX_WEBHOOK_RATE}`)
      .nullable()
      .meta({ description: `Deliveries a second at most, 1 to ${MAX_WEBHOOK_RATE}; null removes the limit` }),
  })
  .meta({ id: "WebhookThrottleUpdate", "x-extension": true });
export type WebhookThrottleInput = z.input<typeof webhookThrottleSchema>;

export const webhookThrottleViewSchema = z
  .object({ webhook_id: z.string(), max_per_second: z.number().int().nullable() })
  .meta({ id: "WebhookThrottle", "x-extension": true });
export type WebhookThrottle = z.output<typeof webhookThrottleViewSchema>;

export { MAX_REPLAY_DAYS } from "./webhook-limits";

/**
 * POST /v0/webhooks/{id}/replay (extension, issue 63): the endpoint's deliveries of events created
 * in [from, to), all or the failed ones, of some types or all, sent again in their order.
 */
export const webhookReplaySchema = z
  .object({
    from: isoTimestamp.meta({ description: "The range's start (inclusive), on the account's clock" }),
    to: isoTimestamp.meta({ description: `The range's end (exclusive); at most ${MAX_REPLAY_DAYS} days after from` }),
    types: z.array(eventType).min(1, "Name at least one type, or leave the list out for all").optional(),
    only_failed: z
      .boolean()
      .optional()
      .meta({ description: "Only deliveries that ended FAILED (default: every finished one)" }),
    include_missed: z.boolean().optional().meta({
      description:
        "Also the range's events of the endpoint's types it was never sent (created while it was disabled): each gets its first delivery",
    }),
    dry_run: z.boolean().optional().meta({ description: "Only count: nothing is sent" }),
    confirm_repeat: z
      .boolean()
      .optional()
      .meta({ description: "Replay although an earlier replay covered part of this range" }),
  })
  .superRefine((v, ctx) => {
    const from = Date.parse(v.from);
    const to = Date.parse(v.to);
    if (!(to > from)) ctx.addIssue({ code: "custom", path: ["to"], message: "Must be after from" });
    else if (to - from > MAX_REPLAY_DAYS * 86_400_000)
      ctx.addIssue({ code: "custom", path: ["to"], message: `Must be at most ${MAX_REPLAY_DAYS} days after from` });
  })
  .meta({ id: "WebhookReplay", "x-extension": true });
export type WebhookReplayInput = z.input<typeof webhookReplaySchema>;

export const webhookReplayResultSchema = z
  .object({
    dry_run: z.boolean(),
    count: z.number().int().meta({ description: "Deliveries sent again (or, in a dry run, that would be)" }),
    replay_id: z
      .string()
      .nullable()
      .meta({ description: "Carried by each replayed delivery in X-Service-Replay; null in a dry run" }),
    earlier_replays: z
      .number()
      .int()
      .meta({ description: "Earlier replays of this endpoint that covered part of the range" }),
  })
  .meta({ id: "WebhookReplayResult", "x-extension": true });
export type WebhookReplayResult = z.output<typeof webhookReplayResultSchema>;

/** POST /v0/webhooks/{id}/dead-letters/redrive (extension): all dead letters of the endpoint, or these. */
export const webhookRedriveSchema = z
  .object({
    delivery_ids: z
      .array(z.string().min(1).max(64), { error: "Must be a list of delivery ids" })
      .min(1, "Name at least one delivery, or leave the list out for all")
      .max(1000, "At most 1000 at a time")
      .optional()
      .meta({
        description: "Only these deliveries (each must be FAILED on this endpoint); all FAILED ones when left out",
      }),
  })
  .meta({ id: "WebhookRedrive", "x-extension": true });
export type WebhookRedriveInput = z.input<typeof webhookRedriveSchema>;

export const webhookRedrivenSchema = z
  .object({
    redriven: z.number().int().meta({ description: "How many dead letters are PENDING again, due now" }),
    delivery_ids: z.array(z.string()),
  })
  .meta({ id: "WebhookRedriven", "x-extension": true });
export type WebhookRedriven = z.output<typeof webhookRedrivenSchema>;

export const webhookDeliveryAttemptSchema = z
  .object({
    attempt: z
      .number()
      .int()
      .min(1)
      .meta({ description: "1–10 by the schedule; a manual retry after the tenth counts on (11, ...)" }),
    at: isoTimestamp,
    http_status: z
      .number()
      .int()
      .nullable()
      .meta({ description: "null when no response came (timeout, network error)" }),
    duration_ms: z.number().int().min(0),
    response_body: z.string().max(1024).nullable().meta({ description: "First 1 KiB of the response" }),
    error: z.string().nullish(),
  })
  .meta({ id: "WebhookDeliveryAttempt", "x-extension": true });
export type WebhookDeliveryAttempt = z.output<typeof webhookDeliveryAttemptSchema>;

export const webhookDeliverySchema = z
  .object({
    id: z.string(),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: eventType,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempt_count: z.number().int().min(0),
    next_attempt_at: isoTimestamp.nullish(),
    created_at: isoTimestamp,
    replay_id: z
      .string()
      .nullish()
      .meta({ description: "The replay that sent it again (X-Service-Replay), if one did" }),
    attempts: z.array(webhookDeliveryAttemptSchema),
  })
  .meta({ id: "WebhookDelivery", "x-extension": true });
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

/** The body POSTed to receivers: `data` is the resource as a GET returns it. */
export const webhookEventSchema = z
  .object({
    id: z.string().regex(/^evt_/),
    type: eventType,
    created_at: isoTimestamp,
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "WebhookEvent" });
export type WebhookEvent = z.output<typeof webhookEventSchema>;
