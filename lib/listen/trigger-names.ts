/** The flows `settlement-console trigger` knows (browser-safe, server-free: the CLI lists them). */
export const TRIGGER_FLOWS = ["request.created", "request.completed", "request.failed", "delivery.failing"] as const;
export type TriggerFlow = (typeof TRIGGER_FLOWS)[number];

export const TRIGGER_FLOW_TEXT: Record<TriggerFlow, string> = {
  "request.created": "create a stablecoin-to-stablecoin request",
  "request.completed": "create one and drive it to REQUEST_COMPLETED with sandbox transitions",
  "request.failed": "create one and fail its pay-in (PAYIN_FAILED)",
  "delivery.failing": "register a receiver that answers 500, then create a request: watch the retries",
};

export const isTriggerFlow = (value: string): value is TriggerFlow =>
  (TRIGGER_FLOWS as readonly string[]).includes(value);
