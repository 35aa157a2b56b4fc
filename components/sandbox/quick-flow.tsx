"use client";

import { useState } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm, useOpenCreated } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ArrowRightIcon } from "@/components/ui/icons";
import { createSettlementRequest } from "@/lib/settlement-requests/actions/create-settlement-request";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { newIdempotencyKey } from "@/lib/dashboard/form-values";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { SAMPLES, type SampleKind } from "./sample-requests";

const STEPS = [
  "Mark funds sent (FUNDS_SENT) in Client moves",
  "Simulate “Payin received”: the payout starts on its own",
  "Watch SETTLEMENT_SENT, then SETTLEMENT_COMPLETED on the timeline",
  "Complete the request (REQUEST_COMPLETED)",
];

/**
 * Sandbox quick flow: creates a sample request in one click (its own Idempotency-Key per
 * click, so a double click creates one) and opens it, where the Simulate panel takes over.
 */
export function QuickFlow({ environment }: { environment: Environment }) {
  const openCreated = useOpenCreated();
  const [chosen, setChosen] = useState<SampleKind | null>(null);
  const sample = useActionForm({
    send: (kind: SampleKind) =>
      createSettlementRequest({ idempotencyKey: newIdempotencyKey(), body: SAMPLES[kind].body }, { environment }),
    onSuccess: ({ data }) =>
      openCreated({
        invalidate: queryKeys.settlementRequests.all(environment),
        title: "Sample request created",
        href: `/settlement-requests/${data.id}?created=1`,
      }),
  });
  const busy = sample.pending ? chosen : null;

  function create(kind: SampleKind) {
    if (sample.submit(kind)) setChosen(kind);
  }

  return (
    <Card
      title="Quick flow"
      description="Create a sample request and take it through its statuses by clicks"
      data-testid="quick-flow"
    >
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-3">
          {(Object.keys(SAMPLES) as SampleKind[]).map((kind) => (
            <div
              key={kind}
              className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3.5"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{SAMPLES[kind].label}</p>
                <p className="text-xs text-slate-500">{SAMPLES[kind].text}</p>
              </div>
              <Button size="sm" onClick={() => create(kind)} loading={busy === kind} disabled={busy !== null}>
                Create <ArrowRightIcon className="size-3.5" />
              </Button>
            </div>
          ))}
          <FormAlert error={sample.error} pending={busy !== null} pendingText="Creating the sample request…" titled />
        </div>
        <ol className="space-y-2.5 text-sm text-slate-600">
          {STEPS.map((step, i) => (
            <li key={step} className="flex gap-3">
              <span className="grid size-5 shrink-0 place-items-center rounded-full bg-accent-50 text-xs font-semibold text-accent-700 ring-1 ring-accent-100">
                {i + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
