"use client";

import { useEffect, useRef, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ClockIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { denySubmission } from "@/lib/decisions/actions/deny-submission";
import type { ActionError } from "@/lib/dashboard/action-result";

/**
 * A form's call is held for approval (issue 43): the form is read-only until its author either
 * follows the submission or withdraws it to edit. When it repeats the author's own earlier
 * submission, still waiting, the earlier one can be withdrawn in its favour.
 */
export function HeldPanel({ held, onWithdrawn }: { held: ActionError; onWithdrawn: () => void }) {
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const [replaced, setReplaced] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // The form's button is far below: the panel comes into view, and focus with it.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: "center" });
    panel.current?.focus();
  }, []);
  const id = held.submissionId ?? "";
  const withdraw = (which: string, reason: string, after: () => void) =>
    start(async () => {
      const result = await denySubmission({ id: which, reason });
      if (!result.ok) {
        toast({ title: "Not withdrawn", description: result.error.message, tone: "error" });
        return;
      }
      after();
    });
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="status"
      data-testid="held-for-approval"
      className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900"
    >
      <ClockIcon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-2">
        <p className="font-medium">Waiting for approval: the form is locked so it cannot be sent twice</p>
        {/* The title says it waits: the message goes on from there (issue 59: it said so twice). */}
        <p className="text-amber-800">
          {held.message.replace(/^Waiting for approval:\s*/i, "").replace(/^./, (c) => c.toUpperCase())}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={`/approvals/${encodeURIComponent(id)}`}
            className="font-medium text-amber-900 underline underline-offset-2"
          >
            Follow it on the Approvals page
          </a>
          <Button
            size="sm"
            variant="secondary"
            loading={pending}
            onClick={() =>
              withdraw(id, "Withdrawn by the submitter to edit it", () => {
                toast({
                  title: "Withdrawn",
                  description: "Nothing was sent. Edit the form and submit again.",
                  tone: "success",
                });
                onWithdrawn();
              })
            }
          >
            Withdraw and edit
          </Button>
          {held.replaces && !replaced ? (
            <Button
              size="sm"
              variant="secondary"
              loading={pending}
              onClick={() =>
                withdraw(held.replaces ?? "", `Replaced by ${id}`, () => {
                  setReplaced(true);
                  toast({
                    title: "The earlier one is withdrawn",
                    description: "Only this submission waits for approval now.",
                    tone: "success",
                  });
                })
              }
            >
              Replace the earlier one with this
            </Button>
          ) : null}
        </div>
        {replaced ? (
          <p data-testid="replaced-note">The earlier submission was withdrawn: this one replaces it.</p>
        ) : null}
      </div>
    </div>
  );
}
