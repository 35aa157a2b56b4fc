"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import { approveSubmission } from "@/lib/decisions/actions/approve-submission";
import { denySubmission } from "@/lib/decisions/actions/deny-submission";
import type { ActionError } from "@/lib/dashboard/action-result";
import type { DecisionSummary } from "@/lib/approvals/decision-summary";
import { Link } from "@/components/ui/link";
import { SecondFactorCodeForm } from "@/components/auth/second-factor-code-form";
import { formatMinute } from "@/lib/dashboard/format-date";
import type { PossibleDuplicate } from "@/lib/approvals/money-calls";
import { DecisionSummaryList } from "./decision-summary-list";
import { DuplicateFlag } from "./duplicate-flag";

/**
 * Approve, or deny with a reason (or, for the person who submitted it, withdraw). Shown only to
 * those who may; the server decides again. In production, approving is a step-up decision
 * (issue 43): a confirmation restating the priced summary, and a fresh code from the approver's
 * authenticator app when the last one is more than a few minutes old.
 */
export function DecisionButtons({
  id,
  canApprove,
  canDeny,
  mine,
  lastApproval,
  production = false,
  stepUp = "fresh",
  summary = null,
  title = "",
  passkeys = false,
  deviceBound = false,
  waitUntil = null,
  waitHours = 0,
  duplicates = [],
}: {
  id: string;
  canApprove: boolean;
  canDeny: boolean;
  mine: boolean;
  lastApproval: boolean;
  production?: boolean;
  /** Where the approver's second factor stands: proved in the last few minutes, to prove again, or not set up. */
  stepUp?: "fresh" | "needed" | "no-factor";
  summary?: DecisionSummary | null;
  title?: string;
  /** The approver has passkeys: the step-up offers one. */
  passkeys?: boolean;
  /** The policy "approvers use device-bound keys" is on (issue 61): the step-up says so. */
  deviceBound?: boolean;
  /** Added since the console was set up: may approve production only from this time (ISO), with the rule's hours. */
  waitUntil?: string | null;
  waitHours?: number;
  /** Earlier payments this may repeat: the approver ticks that it is not one of them before approving. */
  duplicates?: PossibleDuplicate[];
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [proved, setProved] = useState(stepUp === "fresh");
  const [checked, setChecked] = useState(false);
  const flagged = duplicates.length > 0;
  const duplicateCheck = flagged ? (
    <div className="space-y-2" data-testid="duplicate-check">
      <DuplicateFlag duplicates={duplicates} />
      <label className="flex items-start gap-2 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-slate-300"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        I have checked this is not the earlier payment
      </label>
    </div>
  ) : null;

  function approve() {
    startTransition(async () => {
      const result = await approveSubmission({
        id,
        confirmed: production ? true : undefined,
        duplicateChecked: flagged ? checked : undefined,
      });
      if (!result.ok) {
        // A stale proof, or one not made with a device-bound passkey where that is the policy: prove again.
        if (result.error.code === "step_up_required" || result.error.code === "device_bound_key_required")
          setProved(false);
        else setConfirming(false);
        setError(result.error);
        return;
      }
      setError(null);
      setConfirming(false);
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
      <div className="flex flex-wrap gap-2">
        {canApprove && !production && duplicateCheck ? <div className="w-full">{duplicateCheck}</div> : null}
        {canApprove && !production ? (
          <Button onClick={approve} loading={pending} disabled={flagged && !checked}>
            {lastApproval ? "Approve and send" : "Approve"}
          </Button>
        ) : null}
        {canApprove && production && waitUntil ? (
          <div className="space-y-1">
            <Button disabled aria-describedby="approver-wait">
              {lastApproval ? "Approve and send" : "Approve"}
            </Button>
            <p id="approver-wait" className="text-sm text-amber-900" data-testid="approver-wait">
              You can approve production submissions from {formatMinute(waitUntil)}: people added less than {waitHours}{" "}
              hours ago wait, except the team added while the console was set up.
            </p>
          </div>
        ) : null}
        {canApprove && production && !waitUntil ? (
          <Dialog
            open={confirming}
            onOpenChange={(next) => {
              setConfirming(next);
              setError(null);
            }}
            size="lg"
            trigger={<Button>{lastApproval ? "Approve and send" : "Approve"}</Button>}
            title="Approve in production?"
            description={`${title}. This moves real money${lastApproval ? " as soon as you approve" : " once enough people approve"}.`}
            footer={
              proved && stepUp !== "no-factor" ? (
                <DialogActions cancel="Not now">
                  <Button loading={pending} onClick={approve} disabled={flagged && !checked}>
                    {lastApproval ? "Approve and send in production" : "Approve in production"}
                  </Button>
                </DialogActions>
              ) : null
            }
          >
            <div className="space-y-4">
              {summary ? <DecisionSummaryList summary={summary} /> : null}
              {duplicateCheck}
              {stepUp === "no-factor" ? (
                <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="alert">
                  Approving in production needs two-step verification.{" "}
                  <Link href="/account" className="font-medium underline">
                    Set up an authenticator app on your Account page
                  </Link>
                  , then come back.
                </p>
              ) : proved ? (
                <p className="text-sm text-slate-600" data-testid="step-up-fresh">
                  Two-step verification done: you may approve.
                </p>
              ) : (
                <div className="rounded-lg border border-slate-200 p-3">
                  <p className="mb-3 text-sm text-slate-700">
                    {deviceBound
                      ? "Confirm it is you with a passkey bound to this device (a security key, or this device's own key): your administrator requires one for production approvals."
                      : "Confirm it is you: enter the code from your authenticator app."}
                  </p>
                  <SecondFactorCodeForm
                    onProved={() => setProved(true)}
                    submitLabel="Verify"
                    autoFocus
                    passkeys={passkeys}
                  />
                </div>
              )}
              <FormAlert error={confirming ? error : null} />
            </div>
          </Dialog>
        ) : null}
        {canDeny ? (
          <Dialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              setReasonError(undefined);
            }}
            size="sm"
            trigger={<Button variant={canApprove ? "secondary" : "danger"}>{mine ? "Withdraw" : "Deny"}</Button>}
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
      <FormAlert error={confirming ? null : error} />
    </div>
  );
}
