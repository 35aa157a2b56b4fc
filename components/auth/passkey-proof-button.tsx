"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { beginPasskeyProof, finishPasskeyProof } from "@/lib/people/actions/passkey-proof";
import { passkeysSupported, answerWithPasskey } from "./webauthn-browser";

/** "Use a passkey": proves the second factor with one of the person's passkeys (issue 43). */
export function PasskeyProofButton({ onProved }: { onProved: () => void }) {
  const [pending, start] = useTransition();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="secondary"
        loading={pending}
        onClick={() =>
          start(async () => {
            setProblem(null);
            if (!passkeysSupported()) {
              setProblem("This browser cannot use passkeys: enter a code instead.");
              return;
            }
            const options = await beginPasskeyProof(null);
            if (!options.ok) {
              setProblem(options.error.message);
              return;
            }
            let answer: Awaited<ReturnType<typeof answerWithPasskey>>;
            try {
              answer = await answerWithPasskey(options.data);
            } catch {
              setProblem("The passkey was not used (cancelled or timed out). Try again, or enter a code.");
              return;
            }
            const checked = await finishPasskeyProof(answer);
            if (checked.ok) onProved();
            else setProblem(checked.error.message);
          })
        }
      >
        Use a passkey
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
