import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LockIcon } from "@/components/ui/icons";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeNextPath } from "@/lib/auth/config";
import { getSessionPerson } from "@/lib/auth/session";
import { SecondStep } from "@/components/auth/second-step";
import { ForcedPasswordChange } from "@/components/auth/forced-password-change";
import { signOut } from "@/lib/people/actions/sign-out";
import { listPasskeys } from "@/lib/auth/passkeys";
import { getDatabase } from "@/lib/db/connection";

export const metadata: Metadata = { title: "Sign in" };

/**
 * The one page open without a session. Someone already signed in goes straight on; a session
 * that owes its second factor (issue 43) is asked for the code, or to set one up, here.
 */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next: rawNext } = await searchParams;
  const next = safeNextPath(typeof rawNext === "string" ? rawNext : undefined);
  const person = await getSessionPerson();
  if (person && (person.secondFactor === "off" || person.secondFactor === "verified")) redirect(next);
  // A generated password is replaced before the authenticator is bound (issue 59).
  if (person?.secondFactor === "setup-required" && person.mustChangePassword)
    return <ForcedPasswordChange email={person.email} />;
  const step =
    person?.secondFactor === "pending" ? "prove" : person?.secondFactor === "setup-required" ? "set-up" : null;
  const passkeys =
    step === "prove" && person ? (await listPasskeys((await getDatabase()).db, person.userId)).length > 0 : false;

  return (
    <main id="main" tabIndex={-1} className="grid min-h-dvh place-items-center px-4 py-12 focus:outline-none">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <span
            aria-hidden="true"
            className="mb-4 grid size-11 place-items-center rounded-xl bg-accent-600 text-white shadow-sm"
          >
            {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative, hidden from assistive technology (aria-hidden) */}
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 8h13l-3-3M20 16H7l3 3" />
            </svg>
          </span>
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">
            {step === "prove"
              ? "Two-step verification"
              : step === "set-up"
                ? "Set up a second factor"
                : "Sign in to Settlement Console"}
          </h1>
          <p className="mt-1.5 text-sm text-slate-600">
            {step === "prove"
              ? `Signed in as ${person?.email}: enter the code from your authenticator app.`
              : step === "set-up"
                ? `Your role needs a second factor before you can go on, ${person?.email}.`
                : "Use the email and password your administrator gave you."}
          </p>
        </div>
        <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)] sm:p-7">
          {step ? <SecondStep next={next} mode={step} passkeys={passkeys} /> : <SignInForm next={next} />}
        </div>
        {step ? (
          <form action={signOut} className="mt-4 text-center">
            <button type="submit" className="text-sm font-medium text-slate-600 underline-offset-2 hover:underline">
              Not you? Sign out
            </button>
          </form>
        ) : null}
        {step ? null : (
          <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
            <LockIcon className="size-3.5" />
            No account? Ask an administrator of this console to add you.
          </p>
        )}
      </div>
    </main>
  );
}
