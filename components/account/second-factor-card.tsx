"use client";

import { useRouter } from "next/navigation";
import { formatDay } from "@/lib/dashboard/format-date";
import { useState, useTransition } from "react";
import { SecondFactorCodeForm } from "@/components/auth/second-factor-code-form";
import { SecondFactorSetupFlow } from "@/components/auth/second-factor-setup";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { removeSecondFactor } from "@/lib/people/actions/remove-second-factor";
import type { PasskeyView } from "@/lib/auth/passkeys";
import { PasskeysSection } from "./passkeys-section";

export type SecondFactorSummary = {
  on: boolean;
  /** The person's passkeys (only with the app on). */
  passkeys: PasskeyView[];
  /** When it was set up (ISO), when on. */
  since: string | null;
  recoveryCodesLeft: number;
  /** The person's role requires one (an administrator's setting). */
  required: boolean;
};

/** The Account page's second factor (issue 43): set it up, see what is left of the recovery codes, remove it with a fresh code. */
export function SecondFactorCard({ summary }: { summary: SecondFactorSummary }) {
  const router = useRouter();
  const { toast } = useToast();
  const [removing, setRemoving] = useState(false);
  const [proved, setProved] = useState(false);
  const [pending, startTransition] = useTransition();

  const remove = () =>
    startTransition(async () => {
      const result = await removeSecondFactor(null);
      if (!result.ok) {
        toast({ title: "Not removed", description: result.error.message, tone: "error" });
        return;
      }
      setRemoving(false);
      toast({
        title: "Authenticator app removed",
        description: "Sign-in asks for your password only.",
        tone: "success",
      });
      router.refresh();
    });

  return (
    <Card
      title="Two-step verification"
      description="An authenticator app's code, or a passkey, at sign-in and before each production approval."
      actions={
        summary.on ? (
          <Badge tone="success">On</Badge>
        ) : (
          <Badge tone={summary.required ? "warning" : "neutral"}>Off</Badge>
        )
      }
    >
      {summary.on ? (
        <div className="space-y-3 text-sm text-slate-700" data-testid="second-factor-on">
          <p>
            Authenticator app set up {summary.since ? `on ${formatDay(summary.since)}` : ""}.{" "}
            {summary.recoveryCodesLeft} of 10 recovery codes left
            {summary.recoveryCodesLeft <= 3 ? ": remove the app and set it up again for ten new ones." : "."}
          </p>
          {summary.required ? (
            <p className="text-slate-500">Your role requires it: an administrator can lift that under People.</p>
          ) : (
            <Dialog
              open={removing}
              onOpenChange={(open) => {
                setRemoving(open);
                setProved(false);
              }}
              size="sm"
              trigger={
                <Button size="sm" variant="secondary">
                  Remove the app
                </Button>
              }
              title="Remove your authenticator app?"
              description="Sign-in then asks for your password only, and you cannot approve production submissions until you set one up again."
              footer={
                proved ? (
                  <DialogActions cancel="Keep it">
                    <Button variant="danger" loading={pending} onClick={remove}>
                      Remove
                    </Button>
                  </DialogActions>
                ) : null
              }
            >
              {proved ? (
                <p className="text-sm text-slate-700">Code accepted. Remove the app now?</p>
              ) : (
                <SecondFactorCodeForm
                  onProved={() => setProved(true)}
                  submitLabel="Check the code"
                  autoFocus
                  passkeys={summary.passkeys.length > 0}
                />
              )}
            </Dialog>
          )}
          <PasskeysSection passkeys={summary.passkeys} />
        </div>
      ) : (
        <>
          {summary.required ? <p className="mb-3 text-sm text-amber-800">Your role requires a second factor.</p> : null}
          <SecondFactorSetupFlow onDone={() => router.refresh()} />
        </>
      )}
    </Card>
  );
}
