"use client";

import { useState } from "react";
import { LazyQrCode } from "@/components/ui/lazy-qr-code";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import {
  beginSecondFactorSetup,
  confirmSecondFactorSetup,
  type SecondFactorSetup,
} from "@/lib/people/actions/second-factor-setup";

/** "JBSWY3DPEHPK3PXP…" in groups of four, as authenticator apps show a typed key. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * Setting up an authenticator app (issue 43): the key to add to the app (typed, or opened as an
 * otpauth link on a phone), its first code to confirm, then the ten recovery codes, shown once,
 * to save before going on.
 */
export function SecondFactorSetupFlow({ onDone, doneLabel = "Done" }: { onDone: () => void; doneLabel?: string }) {
  const [setup, setSetup] = useState<SecondFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const begin = useActionForm({
    send: (_: null) => beginSecondFactorSetup(null),
    onSuccess: ({ data }) => setSetup(data),
  });
  const confirm = useActionForm({
    send: (body: { code: string }) => confirmSecondFactorSetup(body),
    onSuccess: ({ data }) => setCodes(data.recoveryCodes),
    onFailure: () => setCode(""),
    onFields: (error) => {
      setFieldError(error.details.find((d) => d.path === "code")?.message);
      return error.details.filter((d) => d.path !== "code");
    },
  });

  if (codes) {
    const all = codes.join("\n");
    return (
      <div className="space-y-4" data-testid="recovery-codes">
        <p className="text-sm text-slate-700">
          Your authenticator app is on. <strong>Save these recovery codes</strong> somewhere safe, apart from your
          phone: each lets you in once if you lose the app. They are not shown again.
        </p>
        <ol className="grid grid-cols-1 gap-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900 sm:grid-cols-2">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={all} label="Copy the codes" showText />
          <a
            className="inline-flex h-8 items-center rounded-lg border border-slate-300 bg-white px-3 text-xs font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-accent-600"
            href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Settlement Console recovery codes\n\n${all}\n`)}`}
            download="settlement-console-recovery-codes.txt"
          >
            Download as a file
          </a>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300"
            checked={saved}
            onChange={(e) => setSaved(e.target.checked)}
          />
          I have saved my recovery codes
        </label>
        <Button type="button" disabled={!saved} onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    );
  }

  if (!setup) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          Use an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or Authy. Sign-in
          and production approvals then ask for its 6-digit code.
        </p>
        <FormAlert error={begin.error} />
        <Button type="button" loading={begin.pending} onClick={() => begin.submit(null)}>
          Set up an authenticator app
        </Button>
      </div>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      setFieldError("Enter the 6-digit code the app shows");
      return;
    }
    confirm.submit({ code });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <ol className="list-decimal space-y-3 pl-5 text-sm text-slate-700">
        <li>
          In your authenticator app, add an account and scan this code:
          <span className="mt-2 block" data-testid="totp-qr-box">
            <LazyQrCode
              text={setup.uri}
              label="QR code to add Settlement Console to your authenticator app"
              caption="Scan with your authenticator app"
              testId="totp-qr"
            />
          </span>
          <span className="mt-2 block">Or choose to enter a setup key. Account: your email. Key:</span>
          <span className="mt-1.5 flex flex-wrap items-center gap-2">
            <code
              data-testid="totp-secret"
              className="rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900"
            >
              {grouped(setup.secret)}
            </code>
            <CopyButton value={setup.secret} label="Copy the key" />
          </span>
          <span className="mt-1.5 block text-xs text-slate-500">
            Time-based, 6 digits, every 30 seconds. On this phone?{" "}
            <a className="font-medium text-accent-700 underline" href={setup.uri}>
              Open it in the app
            </a>
            .
          </span>
        </li>
        <li>Type the code the app shows for “Settlement Console”.</li>
      </ol>
      <Field label="Code from the app" error={fieldError} required>
        {(p) => (
          <Input
            {...p}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            className="max-w-40 font-mono tracking-widest"
          />
        )}
      </Field>
      <FormAlert error={confirm.error} />
      <Button type="submit" loading={confirm.pending}>
        Turn on
      </Button>
    </form>
  );
}
