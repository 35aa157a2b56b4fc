"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/auth/actor-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { humanizeStatus } from "@/components/ui/status-tone";
import { ApiCallPreview } from "@/components/forms/api-call-preview";
import { advanceSandboxClock } from "@/lib/sandbox/actions/advance-sandbox-clock";
import { apiCalls } from "@/lib/dashboard/api-calls";
import { getSandboxClock } from "@/lib/sandbox/actions/get-sandbox-clock";
import { listEvents } from "@/lib/webhook-endpoints/actions/list-events";
import { ActionFailure, describeError, unwrap } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import type { Event } from "@/lib/schemas/event";
import type { SandboxClock } from "@/lib/schemas/sandbox";

const STEPS = [
  { label: "+1 min", seconds: 60 },
  { label: "+5 min", seconds: 300 },
  { label: "+1 h", seconds: 3_600 },
  { label: "+1 day", seconds: 86_400 },
  { label: "+3 days", seconds: 259_200 },
] as const;
const UNITS = { minutes: 60, hours: 3_600, days: 86_400 } as const;

function formatOffset(seconds: number): string {
  if (seconds === 0) return "in step with the service";
  const parts: string[] = [];
  let left = Math.round(seconds);
  for (const [unit, size] of [
    ["d", 86_400],
    ["h", 3_600],
    ["min", 60],
    ["s", 1],
  ] as const) {
    const n = Math.floor(left / size);
    if (n > 0) parts.push(`${n} ${unit}`);
    left -= n * size;
  }
  return `${parts.join(" ")} ahead of the service`;
}

/**
 * The account's sandbox clock (extension): its time, buttons that move it forward, and after
 * each move what became due (the events it caused, with their deliveries). Expiry, late funds,
 * rail steps and webhook retries follow it.
 */
export function SandboxClockPanel({
  environment,
  initial,
}: {
  environment: Environment;
  initial: SandboxClock | null;
}) {
  const canMove = useCan("sandbox:simulate");
  const clock = useQuery({
    queryKey: queryKeys.sandboxClock(environment),
    queryFn: async () => unwrap(await getSandboxClock({})),
    initialData: initial ?? undefined,
    retry: false,
  });
  const [due, setDue] = useState<{ from: string; to: string; events: Event[]; retried: number } | null>(null);
  const [amount, setAmount] = useState("10");
  const [unit, setUnit] = useState<keyof typeof UNITS>("minutes");
  /** The last advance sent (shown as its API call until the custom amount is edited). */
  const [sentSeconds, setSentSeconds] = useState<number | null>(null);
  const advance = useActionMutation({
    environment,
    action: advanceSandboxClock,
    invalidate: [
      queryKeys.sandboxClock(environment),
      queryKeys.settlementRequests.all(environment),
      queryKeys.payments.all(environment),
    ],
    success: (c) => `Sandbox time is now ${formatDateTime(c.now)}`,
  });

  const move = (seconds: number) => {
    const from = clock.data?.now ?? new Date().toISOString();
    setSentSeconds(seconds);
    advance.mutate(
      { seconds },
      {
        onSuccess: async (after) => {
          // What the move caused: the events stamped since the old sandbox time (the moves it applied
          // are stamped a moment after the time the answer reports).
          await new Promise((r) => setTimeout(r, 300)); // deliveries start right after the answer
          const page = await listEvents({ page_size: 100 });
          const events = page.ok ? page.data.data.filter((e) => e.created_at > from) : [];
          // Webhook attempts of earlier events that fell due in the move (retries) are due work too (issue 35, finding 13).
          const retried = page.ok
            ? page.data.data
                .filter((e) => e.created_at <= from)
                .flatMap((e) => e.deliveries)
                .filter((d) => d.last_attempt_at !== null && d.last_attempt_at > from).length
            : 0;
          setDue({ from, to: after.now, events, retried });
        },
      },
    );
  };

  if (clock.error) {
    const missing = clock.error instanceof ActionFailure && clock.error.status === 404;
    return (
      <Card title="Sandbox clock">
        <p className="text-sm text-slate-600" data-testid="sandbox-clock-missing">
          {missing ? "This service does not offer a sandbox clock." : describeError(clock.error as ActionFailure)}
        </p>
      </Card>
    );
  }
  const customSeconds = Math.round(Number(amount) * UNITS[unit]);
  const customValid = Number.isFinite(customSeconds) && customSeconds >= 1 && customSeconds <= 2_592_000;

  return (
    <Card
      title="Sandbox clock"
      description="Move this account's sandbox time forward: expiries, late funds, rail steps and webhook retries that fall due happen at once."
      actions={<Badge tone="accent">Sandbox</Badge>}
      data-testid="sandbox-clock"
    >
      <div className="space-y-5">
        <div>
          <p className="text-xs tracking-wider text-slate-500 uppercase">Sandbox time</p>
          <p className="font-mono text-lg font-semibold text-slate-900" data-testid="sandbox-clock-now">
            {clock.data ? formatDateTime(clock.data.now) : "…"}
          </p>
          <p className="text-xs text-slate-500" data-testid="sandbox-clock-offset">
            {clock.data ? formatOffset(clock.data.offset_seconds) : ""}
          </p>
        </div>
        {canMove ? (
          <>
            {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields: role=group names them without a fieldset's box */}
            <div className="flex flex-wrap gap-2" role="group" aria-label="Advance the sandbox clock">
              {STEPS.map((step) => (
                <Button
                  key={step.label}
                  size="sm"
                  variant="secondary"
                  disabled={advance.isPending}
                  onClick={() => move(step.seconds)}
                >
                  {step.label}
                </Button>
              ))}
            </div>
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (customValid) move(customSeconds);
              }}
            >
              {/* biome-ignore lint/a11y/noLabelWithoutControl: the input is inside the label */}
              <label className="grid gap-1 text-xs text-slate-600">
                Amount
                <Input
                  className="w-24"
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setSentSeconds(null);
                  }}
                  aria-invalid={!customValid}
                />
              </label>
              {/* biome-ignore lint/a11y/noLabelWithoutControl: the select is inside the label */}
              <label className="grid gap-1 text-xs text-slate-600">
                Unit
                <Select
                  className="w-32"
                  value={unit}
                  onChange={(e) => {
                    setUnit(e.target.value as keyof typeof UNITS);
                    setSentSeconds(null);
                  }}
                  options={Object.keys(UNITS).map((u) => ({ value: u, label: u }))}
                />
              </label>
              <Button type="submit" size="sm" loading={advance.isPending} disabled={!customValid}>
                Advance
              </Button>
              {!customValid ? <span className="text-xs text-red-700">Between 1 second and 30 days.</span> : null}
            </form>
            <ApiCallPreview
              sent={sentSeconds !== null}
              call={
                sentSeconds !== null
                  ? apiCalls.advanceSandboxClock(sentSeconds)
                  : customValid
                    ? apiCalls.advanceSandboxClock(customSeconds)
                    : null
              }
              unavailable="Enter an amount between 1 second and 30 days."
            />
          </>
        ) : (
          <p className="text-sm text-slate-600">Moving the clock needs the developer or admin role.</p>
        )}
        {due ? (
          <section aria-labelledby="clock-due" data-testid="sandbox-clock-due">
            <h3 id="clock-due" className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
              Became due between {formatDateTime(due.from)} and {formatDateTime(due.to)} (sandbox clock)
            </h3>
            {due.retried > 0 ? (
              <p className="mt-2 text-sm text-slate-700" data-testid="due-retries">
                {due.retried} webhook {due.retried === 1 ? "attempt" : "attempts"} of earlier events{" "}
                {due.retried === 1 ? "was" : "were"} sent (retries that fell due).
              </p>
            ) : null}
            {due.events.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500">
                {due.retried > 0 ? "No request or payment changed." : "Nothing fell due."}
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {due.events.map((e) => (
                  <li key={e.id} className="flex flex-wrap items-center gap-2 py-1.5" data-testid="due-event">
                    <code className="font-mono text-xs text-slate-700">{e.type}</code>
                    <span className="font-mono text-xs text-slate-500">{String(e.data.id ?? "")}</span>
                    {typeof e.data.status === "string" ? (
                      <Badge tone="neutral">{humanizeStatus(e.data.status)}</Badge>
                    ) : null}
                    {e.deliveries.map((d) => (
                      <span key={d.id} className="text-xs text-slate-500">
                        → {d.status.toLowerCase()}, {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
      </div>
    </Card>
  );
}
