"use client";

import { useState, useTransition } from "react";
import { OneTimeSecret } from "@/components/admin/one-time-secret";
import { Button } from "@/components/ui/button";
import { revealSubmissionSecret } from "@/lib/approvals/actions/reveal-submission-secret";

/** The approved call's secret (a signing secret, an API key), shown to its author once, then gone. */
export function RevealSecret({ id, label }: { id: string; label: string }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, start] = useTransition();
  if (secret)
    return (
      <OneTimeSecret label={label} value={secret} note="Shown once: the console does not keep it. Store it now." />
    );
  return (
    <div className="space-y-2" data-testid="reveal-secret">
      <p className="text-sm text-slate-700">The {label.toLowerCase()} waits for you, sealed. It can be shown once.</p>
      <Button
        size="sm"
        loading={pending}
        onClick={() =>
          start(async () => {
            const result = await revealSubmissionSecret({ id });
            if (result.ok) setSecret(result.data.secret);
            else setProblem(result.error.message);
          })
        }
      >
        Show it once
      </Button>
      {problem ? <p className="text-sm text-red-700">{problem}</p> : null}
    </div>
  );
}
