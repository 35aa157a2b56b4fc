"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { setEnvironment } from "@/lib/people/actions/set-environment";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { cn } from "@/lib/ui/cn";

/** The two environments as segments: how each looks chosen (`on`) and not (`off`). */
const SEGMENTS: { value: Environment; label: string; on: string; off: string }[] = [
  {
    value: "sandbox",
    label: "Sandbox",
    on: "bg-white text-accent-700 shadow-sm ring-1 ring-slate-200",
    off: "text-slate-600 hover:text-slate-900",
  },
  {
    value: "production",
    label: "Production",
    on: "bg-amber-400 text-amber-950 shadow-sm",
    off: "text-slate-600 hover:text-amber-800",
  },
];

/**
 * Sandbox | Production segmented switch. Going to production asks for confirmation first;
 * going back to sandbox does not. The choice lives in the `console_env` cookie (server action).
 */
export function EnvironmentSwitch({ environment }: { environment: Environment }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();

  function apply(next: Environment) {
    setConfirming(false);
    startTransition(async () => {
      const result = await setEnvironment(next);
      if (!result.ok) {
        toast({ title: "Could not switch environment", description: result.error.message, tone: "error" });
        return;
      }
      router.refresh();
      toast({
        title: next === "production" ? "Now in production" : "Now in sandbox",
        description: next === "production" ? "Actions move real funds." : "Test data only; nothing moves real money.",
        tone: next === "production" ? "info" : "success",
      });
    });
  }

  function choose(next: Environment) {
    if (next === environment || pending) return;
    if (next === "production") setConfirming(true);
    else apply(next);
  }

  const segment = "flex-1 rounded-md px-2.5 py-1.5 text-xs font-semibold transition-colors disabled:cursor-wait";
  return (
    <div>
      <p id={labelId} className="mb-1.5 px-3 text-[11px] font-semibold tracking-wider text-slate-600 uppercase">
        Environment
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not form fields: role=group names them without a fieldset's box */}
      <div
        role="group"
        aria-labelledby={labelId}
        aria-busy={pending || undefined}
        className="flex gap-1 rounded-lg bg-slate-100 p-1 ring-1 ring-slate-200 ring-inset"
      >
        {SEGMENTS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={environment === option.value}
            disabled={pending}
            onClick={() => choose(option.value)}
            className={cn(segment, environment === option.value ? option.on : option.off)}
          >
            {option.label}
          </button>
        ))}
      </div>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        size="sm"
        title="Switch to production?"
        description="In production, settlement requests, disbursements and webhook changes act on live accounts and move real funds."
        footer={
          <DialogActions cancel="Stay in sandbox">
            <Button variant="warning" onClick={() => apply("production")}>
              Switch to production
            </Button>
          </DialogActions>
        }
      />
    </div>
  );
}
