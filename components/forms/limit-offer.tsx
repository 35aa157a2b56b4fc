"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ClockIcon } from "@/components/ui/icons";
import { submitForApproval } from "@/lib/approvals/actions/submit-for-approval";

/**
 * Past a daily limit: how much is left, and the offer to submit the same call for approval
 * instead (it was stored, not sent). Once submitted, it says so and links to it.
 */
export function LimitOffer({ id, message }: { id: string; message: string }) {
  const [pending, start] = useTransition();
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () =>
    start(async () => {
      const result = await submitForApproval({ id });
      if (result.ok) setDone(result.data.message);
      else setProblem(result.error.message);
    });
  return (
    <div
      role="status"
      data-testid={done ? "held-for-approval" : "daily-limit"}
      className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
    >
      <ClockIcon className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-2">
        <p className="font-medium">{done ? "Waiting for approval" : "Daily limit reached"}</p>
        <p className="text-amber-800">{done ?? message}</p>
        {done ? (
          <a
            href={`/approvals/${encodeURIComponent(id)}`}
            className="inline-block font-medium text-amber-900 underline underline-offset-2"
          >
            Follow it on the Approvals page
          </a>
        ) : (
          <Button size="sm" variant="secondary" loading={pending} onClick={submit}>
            Submit for approval instead
          </Button>
        )}
        {problem ? <p className="text-red-700">{problem}</p> : null}
      </div>
    </div>
  );
}
