import "server-only";
import type { WebhookHealth } from "@/lib/schemas/webhook-health";
import type { WebhookRow } from "../store/webhooks";
import { toWebhook } from "./webhook-view";

/** An endpoint's health as the API shows it (decisions D9.15); `now` on the account's clock decides whether an outage still runs. */
export function toHealth(row: WebhookRow, now: Date): WebhookHealth {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    webhook_id: row.id,
    state: row.status === "DISABLED" ? "DISABLED" : row.failingSince ? "FAILING" : "HEALTHY",
    failing_since: iso(row.failingSince),
    last_failure_at: iso(row.lastFailureAt),
    last_failure: row.lastFailure,
    warned_at: iso(row.failingWarnedAt),
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.status === "DISABLED" ? row.disabledReason : null,
    warn_after_hours: Math.round(row.warnAfterSeconds / 3600),
    disable_after_hours: row.disableAfterSeconds === null ? null : Math.round(row.disableAfterSeconds / 3600),
    outage:
      row.outageUntil && row.outageUntil > now
        ? { until: row.outageUntil.toISOString(), mode: row.outageMode ?? "http_500" }
        : null,
  };
}

/** The body of webhook_endpoint.failing and .disabled: the endpoint as GET shows it, with its health then. */
export function toWebhookEvent(row: WebhookRow): Record<string, unknown> {
  return { ...toWebhook(row), health: toHealth(row, row.lastFailureAt ?? row.updatedAt) };
}
