"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { FormStatus } from "@/components/forms/form-status";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ArrowRightIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { createSettlementRequest } from "@/lib/actions/create-settlement-request";
import type { ActionError } from "@/lib/actions/result";
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
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const inFlight = useRef(false);
  const [busy, setBusy] = useState<SampleKind | null>(null);
  const [error, setError] = useState<ActionError | null>(null);

  async function create(kind: SampleKind) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(kind);
    setError(null);
    const result = await createSettlementRequest({ idempotencyKey: newIdempotencyKey(), body: SAMPLES[kind].body }, { environment });
    if (result.ok) {
      await queryClient.invalidateQueries({ queryKey: queryKeys.settlementRequests.all(environment) });
      toast({ title: "Sample request created", tone: "success" });
      router.push(`/settlement-requests/${result.data.id}?created=1`);
      return;
    }
    inFlight.current = false;
    setBusy(null);
    setError(result.error);
  }

  return (
    <Card title="Quick flow" description="Create a sample request and take it through its statuses by clicks" data-testid="quick-flow">
      <div className="grid gap-5 lg:grid-cols-2">
        <div className="space-y-3">
          {(Object.keys(SAMPLES) as SampleKind[]).map((kind) => (
            <div key={kind} className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3.5">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{SAMPLES[kind].label}</p>
                <p className="text-xs text-slate-500">{SAMPLES[kind].text}</p>
              </div>
              <Button size="sm" onClick={() => void create(kind)} loading={busy === kind} disabled={busy !== null}>
                Create <ArrowRightIcon className="size-3.5" />
              </Button>
            </div>
          ))}
          <FormStatus error={error} pending={busy !== null} pendingText="Creating the sample request…" />
        </div>
        <ol className="space-y-2.5 text-sm text-slate-600">
          {STEPS.map((step, i) => (
            <li key={step} className="flex gap-3">
              <span className="grid size-5 shrink-0 place-items-center rounded-full bg-accent-50 text-xs font-semibold text-accent-700 ring-1 ring-accent-100">{i + 1}</span>
              {step}
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
