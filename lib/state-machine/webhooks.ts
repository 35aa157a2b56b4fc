/**
 * Webhook endpoint and delivery statuses (decisions D9). A delivery is PENDING until an attempt
 * succeeds (SUCCEEDED) or the tenth fails (FAILED); the retry schedule lives with the outbox.
 */

export const WEBHOOK_STATUSES = ["ACTIVE", "DISABLED"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The event types the service sends (decisions D9): what webhook endpoints subscribe to. */
export const EVENT_TYPES = [
  "payment.created",
  "payment.processing",
  "payment.completed",
  "payment.failed",
  "payment.expired",
  "account.balance.low",
  "settlement_request.created",
  "settlement_request.updated",
  // Extensions (issue 63, decisions D9.15): an endpoint of the account keeps failing, or was turned off for it.
  "webhook_endpoint.failing",
  "webhook_endpoint.disabled",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
