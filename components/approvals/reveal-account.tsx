"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { useToast } from "@/components/ui/toast";
import { revealAccountNumber } from "@/lib/approvals/actions/reveal-account-number";

/** Reveals a masked bank identifier on purpose (issue 43): the reveal is audited, the value shown with a copy button. */
export function RevealAccount({ kind, id, label }: { kind: "payee" | "submission"; id: string; label: string }) {
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const [shown, setShown] = useState<Array<{ field: string; value: string }> | null>(null);
  if (shown)
    return (
      <ul className="space-y-1" data-testid="revealed-account">
        {shown.map((s) => (
          <li key={s.field} className="flex flex-wrap items-center gap-1.5 text-xs">
            <span className="text-slate-500">{s.field}</span>
            <span className="font-mono break-all text-slate-900">{s.value}</span>
            <CopyButton value={s.value} label={`Copy the ${s.field}`} />
          </li>
        ))}
      </ul>
    );
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={pending}
      aria-label={label}
      onClick={() =>
        start(async () => {
          const result = await revealAccountNumber({ kind, id });
          if (result.ok) setShown(result.data);
          else toast({ title: "Not revealed", description: result.error.message, tone: "error" });
        })
      }
    >
      Reveal
    </Button>
  );
}
