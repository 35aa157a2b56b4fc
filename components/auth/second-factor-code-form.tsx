"use client";

import { useState } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { proveSecondFactor } from "@/lib/people/actions/prove-second-factor";
import { PasskeyProofButton } from "./passkey-proof-button";

/**
 * The code from the authenticator app (or a recovery code): at sign-in, and for a step-up such
 * as a production approval. `onProved` runs once the session has proved it.
 */
export function SecondFactorCodeForm({
  onProved,
  submitLabel = "Continue",
  autoFocus = false,
  passkeys = false,
}: {
  onProved: () => void;
  submitLabel?: string;
  autoFocus?: boolean;
  /** The person has passkeys: "Use a passkey" comes first. */
  passkeys?: boolean;
}) {
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const action = useActionForm({
    send: (body: { code: string }) => proveSecondFactor(body),
    onSuccess: () => onProved(),
    onFailure: () => setCode(""),
    onFields: (error) => {
      setFieldError(error.details.find((d) => d.path === "code")?.message);
      return error.details.filter((d) => d.path !== "code");
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    if (!code.trim()) {
      setFieldError(recovery ? "Enter one of your recovery codes" : "Enter the 6-digit code from your app");
      return;
    }
    action.submit({ code });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-busy={action.pending || undefined}>
      {passkeys ? (
        <div className="space-y-3 border-b border-slate-100 pb-4">
          <PasskeyProofButton onProved={onProved} />
          <p className="text-xs text-slate-500">Or enter a code:</p>
        </div>
      ) : null}
      <Field
        label={recovery ? "Recovery code" : "Code from your authenticator app"}
        hint={
          recovery
            ? "One of the ten codes you saved, such as k3m9-q2xa-7fpd. Each works once."
            : "6 digits; it changes every 30 seconds."
        }
        error={fieldError}
        required
      >
        {(p) => (
          <Input
            {...p}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode={recovery ? "text" : "numeric"}
            autoComplete="one-time-code"
            spellCheck={false}
            autoFocus={autoFocus}
            maxLength={40}
            className="font-mono tracking-widest"
          />
        )}
      </Field>
      <FormAlert error={action.error} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="submit" loading={action.pending}>
          {submitLabel}
        </Button>
        <button
          type="button"
          className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
          onClick={() => {
            setRecovery((r) => !r);
            setCode("");
            setFieldError(undefined);
          }}
        >
          {recovery ? "Use the app's code instead" : "Use a recovery code"}
        </button>
      </div>
    </form>
  );
}
