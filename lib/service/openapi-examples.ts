/**
 * One valid example per request body of the API document, keyed by the body's component name
 * (decisions D1.7). openapi.strict.test.ts sends each one to the service and expects it
 * accepted, so an example that stops being valid fails a test.
 */
export const VALID_EXAMPLES = {
  SettlementRequestCreate: {
    type: "STABLECOIN_TO_STABLECOIN",
    payment_reason: "PURCHASE_OF_SERVICES",
    amount: "100.00",
    external_id: "invoice-2026-0042",
    destination: { currency: "USDC", rail: "SOLANA", wallet_address: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
  },
  SettlementRequestUpdate: { status: "CANCELED" },
  SandboxClockAdvance: { seconds: 3600 },
  SandboxFund: { currency: "USDC", amount: "10000.00" },
  WebhookRotate: { previous_secret_expires_in: 86400 },
  WebhookRedrive: {},
  WebhookThrottleUpdate: { max_per_second: 50 },
  WebhookFailurePolicy: { warn_after_hours: 24, disable_after_hours: 72 },
  WebhookOutage: { hours: 96, mode: "http_500" },
  WebhookFilterUpdate: { condition: 'data.destination.currency = "EUR"' },
  WebhookFilterPreviewRequest: { condition: 'data.destination.currency = "EUR"' },
  WebhookReplay: { from: "2026-11-30T00:00:00Z", to: "2026-12-01T00:00:00Z", only_failed: true, dry_run: true },
  SandboxSettlementStatus: { status: "REQUEST_CANCELED" },
  SandboxPaymentStatus: { status: "FAILED", failure_reason: "Bank rejected the transfer" },
  DisbursementCreate: {
    wallet_address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    amount: "25.50",
    currency: "USDC",
  },
  V1PaymentCreate: {
    type: "LIQUIDITY",
    amount: 25,
    currency_code: "USDC",
    chain: "SOLANA",
    destination_wallet: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    metadata: { order: "42" },
  },
  V1PaymentNotification: { type: "INCOMING_PAYMENT", reference_id: "pay_01J0Z7Q2K9", rail: "WIRE" },
  V1SandboxPaymentStatus: { status: "COMPLETED" },
  WebhookCreate: {
    url: "https://example.com/webhooks/settlement",
    events: ["settlement_request.updated", "payment.completed"],
  },
  WebhookUpdate: { status: "DISABLED" },
} as const;
