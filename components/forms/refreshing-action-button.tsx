"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/dashboard/action-result";

/**
 * A small button that runs one server action (passed from the server page with its input), says
 * so in a toast if it is refused, and re-renders the page: "Remove" in the console's lists. With
 * `confirm`, it asks first.
 */
export function RefreshingActionButton<I>({
  action,
  input,
  label,
  ariaLabel,
  failTitle,
  confirm,
}: {
  action: (input: I) => Promise<ActionResult<unknown>>;
  input: I;
  label: string;
  ariaLabel: string;
  failTitle: string;
  confirm?: { title: string; description: string; action: string };
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const [open, setOpen] = useState(false);
  const run = () =>
    start(async () => {
      const result = await action(input);
      setOpen(false);
      if (!result.ok) toast({ title: failTitle, description: result.error.message, tone: "error" });
      router.refresh();
    });
  const button = (
    <Button
      size="sm"
      variant="secondary"
      loading={pending && !confirm}
      aria-label={ariaLabel}
      onClick={confirm ? undefined : run}
    >
      {label}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      trigger={button}
      title={confirm.title}
      description={confirm.description}
      footer={
        <DialogActions cancel="Keep it">
          <Button variant="danger" loading={pending} onClick={run}>
            {confirm.action}
          </Button>
        </DialogActions>
      }
    />
  );
}
