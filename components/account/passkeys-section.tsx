"use client";

import { useRouter } from "next/navigation";
import { formatDay } from "@/lib/dashboard/format-date";
import { useState, useTransition } from "react";
import { createPasskey, passkeysSupported } from "@/components/auth/webauthn-browser";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import { beginPasskeySetup, finishPasskeySetup, removePasskey } from "@/lib/people/actions/passkey-setup";
import type { PasskeyView } from "@/lib/auth/passkeys";

const day = (iso: string) => formatDay(iso);

/** One's passkeys on the Account page (issue 43): each one, added when and last used, and adding another. */
export function PasskeysSection({ passkeys }: { passkeys: PasskeyView[] }) {
  const router = useRouter();
  const { toast } = useToast();
  const [name, setName] = useState("This device");
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const add = () =>
    start(async () => {
      setProblem(null);
      if (!passkeysSupported()) {
        setProblem("This browser cannot make passkeys.");
        return;
      }
      const options = await beginPasskeySetup(null);
      if (!options.ok) {
        setProblem(options.error.message);
        return;
      }
      let answer: Awaited<ReturnType<typeof createPasskey>>;
      try {
        answer = await createPasskey(options.data);
      } catch {
        setProblem(
          "No passkey was made: cancelled, timed out, or this key cannot verify you (a PIN, a fingerprint or a face), which the console requires.",
        );
        return;
      }
      const saved = await finishPasskeySetup({ name, answer });
      if (!saved.ok) {
        setProblem(saved.error.message);
        return;
      }
      toast({ title: "Passkey added", description: `“${saved.data.name}” can now sign you in.`, tone: "success" });
      router.refresh();
    });

  return (
    <section aria-labelledby="passkeys-heading" className="mt-5 border-t border-slate-100 pt-4" data-testid="passkeys">
      <h3 id="passkeys-heading" className="text-sm font-semibold text-slate-900">
        Passkeys
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Instead of a code: your phone, a security key or this computer's fingerprint or face unlock.
      </p>
      {passkeys.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              data-testid="passkey-row"
            >
              <span>
                <span className="font-medium text-slate-900">{p.name}</span>
                <span className="block text-xs text-slate-500">
                  Added {day(p.createdAt)}
                  {p.lastUsedAt ? `, last used ${day(p.lastUsedAt)}` : ", not used yet"}
                </span>
                <span className="block text-xs text-slate-500" data-testid="passkey-kind">
                  {p.deviceType === "multiDevice"
                    ? `Synced to your other devices${p.backedUp ? " (backed up)" : ""}`
                    : "Bound to this device"}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Remove passkey ${p.name}`}
                onClick={() =>
                  start(async () => {
                    const removed = await removePasskey({ id: p.id });
                    if (!removed.ok) toast({ title: "Not removed", description: removed.error.message, tone: "error" });
                    router.refresh();
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <Field label="Name of the new passkey" className="min-w-48 flex-1">
          {(p) => <Input {...p} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Button type="button" variant="secondary" loading={pending} onClick={add}>
          Add a passkey
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
