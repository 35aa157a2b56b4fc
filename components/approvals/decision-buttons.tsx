"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import { approveSubmission } from "@/lib/actions/approve-submission";
import { denySubmission } from "@/lib/actions/deny-submission";
import type { ActionError } from "@/lib/actions/result";

/**
 * Approve, or deny with a reason (or, for the person who submitted it, withdraw). Shown only to
 * those who may; the server decides again.
 */
export function DecisionButtons({
  id,
  canApprove,
  canDeny,
  mine,
  lastApproval,
  compact = false,
}: {
  id: string;
  canApprove: boolean;
  canDeny: boolean;
  mine: boolean;
  lastApproval: boolean;
  compact?: boolean;
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();

  function approve() {
    startTransition(async () => {
      const result = await approveSubmission({ id });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setError(null);
      const sent = result.data.status === "sent";
      toast({
        title: sent
          ? "Approved and sent"
          : result.data.status === "failed"
            ? "Approved; the API refused it"
            : "Approved",
        tone: result.data.status === "failed" ? "error" : "success",
      });
      router.refresh();
    });
  }

  function deny() {
    if (reason.trim().length < 3) {
      setReasonError("Say why, in a few words");
      return;
    }
    startTransition(async () => {
      const result = await denySubmission({ id, reason });
      if (!result.ok) {
        const field = result.error.details.find((d) => d.path === "reason");
        if (field) setReasonError(field.message);
        else {
          setOpen(false);
          setError(result.error);
        }
        return;
      }
      setOpen(false);
      toast({ title: mine ? "Withdrawn" : "Denied", description: "Nothing was sent.", tone: "success" });
      router.refresh();
    });
  }

  return (
    <div className="space-y-3">
      <div className={compact ? "flex gap-2" : "flex flex-wrap gap-2"}>
        {canApprove ? (
          <Button onClick={approve} loading={pending} size={compact ? "sm" : undefined}>
            {lastApproval && !compact ? "Approve and send" : "Approve"}
          </Button>
        ) : null}
        {canDeny ? (
          <Dialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              setReasonError(undefined);
            }}
            size="sm"
            trigger={
              <Button variant={canApprove ? "secondary" : "danger"} size={compact ? "sm" : undefined}>
                {mine ? "Withdraw" : "Deny"}
              </Button>
            }
            title={mine ? "Withdraw this submission?" : "Deny this submission?"}
            description="Nothing is sent. The reason is kept with it and in the audit trail."
            footer={
              <DialogActions cancel="Keep it">
                <Button variant="danger" loading={pending} onClick={deny}>
                  {mine ? "Withdraw" : "Deny"}
                </Button>
              </DialogActions>
            }
          >
            <Field label="Reason" error={reasonError} required>
              {(p) => (
                <Textarea {...p} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
              )}
            </Field>
          </Dialog>
        ) : null}
      </div>
      <FormAlert error={error} />
    </div>
  );
}
