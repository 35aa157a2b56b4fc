"use client";

import { SecondFactorCodeForm } from "./second-factor-code-form";
import { SecondFactorSetupFlow } from "./second-factor-setup";

/**
 * The sign-in page's second step (issue 43): the code of a session that signed in with its
 * password, or the set-up when the person's role requires a second factor they do not have yet.
 * A full page load after it, so the console renders for the proved session.
 */
export function SecondStep({ next, mode, passkeys }: { next: string; mode: "prove" | "set-up"; passkeys: boolean }) {
  const go = () => window.location.assign(next);
  return mode === "prove" ? (
    <SecondFactorCodeForm onProved={go} autoFocus submitLabel="Verify and sign in" passkeys={passkeys} />
  ) : (
    <SecondFactorSetupFlow onDone={go} doneLabel="Continue to the console" />
  );
}
