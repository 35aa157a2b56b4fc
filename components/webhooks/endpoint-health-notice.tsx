"use client";

import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { advanceSandboxClock } from "@/lib/sandbox/actions/advance-sandbox-clock";
import { setWebhookOutage } from "@/lib/webhook-endpoints/actions/webhook-health";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { WebhookHealth } from "@/lib/schemas/webhook-health";

const HOUR_MS = 3_600_000;

/**
 * What an endpoint's health says on its card (issue 63, decisions D9.15): failing since when and
 * what it answers, whether it was warned and when it will be turned off; turned off and why; and
 * in the sandbox a rehearsed outage, with the clock's steps beside it so the rehearsal runs here.
 */
export function EndpointHealthNotice({
  environment,
  webhookId,
  health,
  canManage,
}: {
  environment: Environment;
  webhookId: string;
  health: WebhookHealth;
  canManage: boolean;
}) {
  const refresh = [queryKeys.webhooks.all(environment), queryKeys.sandboxClock(environment)];
  const endOutage = useActionMutation({
    environment,
    action: setWebhookOutage,
    invalidate: [queryKeys.webhooks.health(environment, webhookId)],
    success: () => "Outage over: the next attempt is sent for real",
  });
  const advance = useActionMutation({
    environment,
    action: advanceSandboxClock,
    invalidate: refresh,
    success: (c) => `Sandbox time is now ${formatDateTime(c.now)}`,
  });
  const offAt =
    health.failing_since && health.disable_after_hours !== null
      ? new Date(Date.parse(health.failing_since) + health.disable_after_hours * HOUR_MS).toISOString()
      : null;

  return (
    <div className="space-y-2" data-testid="endpoint-health" data-state={health.state}>
      {health.state === "DISABLED" && health.disabled_reason ? (
        <p role="status" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="font-medium">{health.disabled_reason}</span>
          {health.disabled_at ? `, ${formatDateTime(health.disabled_at)}` : ""}. New events are not queued for it; those
          already queued wait until it is enabled.
        </p>
      ) : null}
      {health.state === "FAILING" && health.failing_since ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-medium">Failing since {formatDateTime(health.failing_since)}:</span> every attempt since
          has failed (the last: {health.last_failure ?? "no answer"}).{" "}
          {health.warned_at ? `The account was warned ${formatDateTime(health.warned_at)}. ` : ""}
          {offAt
            ? `It is turned off ${formatDateTime(offAt)} if nothing succeeds before.`
            : "It is not turned off by itself: its deliveries keep their ten attempts."}
        </p>
      ) : null}
      {health.outage ? (
        <div
          className="flex flex-wrap items-center gap-2 rounded-md border border-violet-200 bg-violet-50 px-3 py-2 text-sm text-violet-900"
          data-testid="endpoint-outage"
        >
          <p className="min-w-0 flex-1">
            <span className="font-medium">Rehearsing an outage</span> until {formatDateTime(health.outage.until)}{" "}
            (sandbox time): every attempt {health.outage.mode === "timeout" ? "times out" : "answers HTTP 500"}, nothing
            is sent.
          </p>
          {canManage ? (
            <fieldset className="flex flex-wrap gap-1" aria-label="Move the sandbox clock">
              {[
                { label: "+1 h", seconds: 3_600 },
                { label: "+1 day", seconds: 86_400 },
              ].map((step) => (
                <Button
                  key={step.label}
                  size="sm"
                  variant="secondary"
                  loading={advance.isPending && advance.variables?.seconds === step.seconds}
                  onClick={() => advance.mutate({ seconds: step.seconds })}
                  aria-label={`Move the sandbox clock ${step.label.replace("+", "forward ")}`}
                >
                  {step.label}
                </Button>
              ))}
              <Button
                size="sm"
                variant="ghost"
                loading={endOutage.isPending}
                onClick={() => endOutage.mutate({ id: webhookId, body: { hours: 0 } })}
              >
                End the outage
              </Button>
            </fieldset>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
