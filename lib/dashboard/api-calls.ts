/**
 * The console's writes as API calls: method, path, Idempotency-Key and body, in one place.
 * The server-side client (lib/settlement-api) sends exactly these, and the forms show them
 * as curl and fetch snippets ("As an API call"), so what a person reads is what was sent.
 * Browser-safe and pure.
 */
export type ApiCall = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Under the base URL, starting with /v0 or /v1; dynamic segments encoded. */
  path: string;
  idempotencyKey?: string;
  body?: unknown;
};

/** /v1/webhooks is the same registry as /v0/webhooks (decisions D9), under the older prefix. */
export type WebhookPrefix = "/v0" | "/v1";

const seg = (value: string) => encodeURIComponent(value);

export const apiCalls = {
  createSettlementRequest: (body: unknown, idempotencyKey: string): ApiCall => ({
    method: "POST",
    path: "/v0/settlement-requests",
    idempotencyKey,
    body,
  }),
  updateSettlementRequest: (id: string, body: unknown): ApiCall => ({
    method: "PUT",
    path: `/v0/settlement-requests/${seg(id)}`,
    body,
  }),
  createDisbursement: (body: unknown, idempotencyKey: string): ApiCall => ({
    method: "POST",
    path: "/v0/disbursements",
    idempotencyKey,
    body,
  }),
  /** Idempotency for /v1 is the body's idempotency_key. */
  createV1Payment: (body: unknown): ApiCall => ({ method: "POST", path: "/v1/payments", body }),
  notifyV1Payment: (body: unknown): ApiCall => ({ method: "POST", path: "/v1/payments/notifications", body }),
  createWebhook: (body: unknown, prefix: WebhookPrefix = "/v0"): ApiCall => ({
    method: "POST",
    path: `${prefix}/webhooks`,
    body,
  }),
  updateWebhook: (id: string, body: unknown, prefix: WebhookPrefix = "/v0"): ApiCall => ({
    method: "PATCH",
    path: `${prefix}/webhooks/${seg(id)}`,
    body,
  }),
  deleteWebhook: (id: string, prefix: WebhookPrefix = "/v0"): ApiCall => ({
    method: "DELETE",
    path: `${prefix}/webhooks/${seg(id)}`,
  }),
  rotateWebhookSecret: (id: string, body: unknown, prefix: WebhookPrefix = "/v0"): ApiCall => ({
    method: "POST",
    path: `${prefix}/webhooks/${seg(id)}/rotate`,
    body,
  }),
  replayWebhookRange: (id: string, body: unknown): ApiCall => ({
    method: "POST",
    path: `/v0/webhooks/${seg(id)}/replay`,
    body,
  }),
  setWebhookThrottle: (id: string, body: unknown): ApiCall => ({
    method: "PUT",
    path: `/v0/webhooks/${seg(id)}/throttle`,
    body,
  }),
  setWebhookFailurePolicy: (id: string, body: unknown): ApiCall => ({
    method: "PUT",
    path: `/v0/webhooks/${seg(id)}/failure-policy`,
    body,
  }),
  setWebhookFilter: (id: string, body: unknown): ApiCall => ({
    method: "PUT",
    path: `/v0/webhooks/${seg(id)}/filter`,
    body,
  }),
  setWebhookOutage: (id: string, body: unknown): ApiCall => ({
    method: "PUT",
    path: `/v0/webhooks/${seg(id)}/outage`,
    body,
  }),
  redriveDeadLetters: (id: string, body: unknown): ApiCall => ({
    method: "POST",
    path: `/v0/webhooks/${seg(id)}/dead-letters/redrive`,
    body,
  }),
  retryWebhookDelivery: (id: string, deliveryId: string): ApiCall => ({
    method: "POST",
    path: `/v0/webhooks/${seg(id)}/deliveries/${seg(deliveryId)}/retry`,
    body: {},
  }),
  simulateSettlementRequestStatus: (id: string, body: unknown): ApiCall => ({
    method: "PATCH",
    path: `/v0/sandbox/settlement-requests/${seg(id)}/status`,
    body,
  }),
  simulatePaymentStatus: (id: string, body: unknown): ApiCall => ({
    method: "PATCH",
    path: `/v0/sandbox/payments/${seg(id)}/status`,
    body,
  }),
  advanceSandboxClock: (seconds: number): ApiCall => ({
    method: "POST",
    path: "/v0/sandbox/clock/advance",
    body: { seconds },
  }),
  fundSandbox: (body: { currency: string; amount: string }): ApiCall => ({
    method: "POST",
    path: "/v0/sandbox/balances/fund",
    body,
  }),
} as const;
