import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LockIcon } from "@/components/ui/icons";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeNextPath } from "@/lib/auth/config";
import { getActor } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };

/** The one page open without a session. Someone already signed in goes straight on. */
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next: rawNext } = await searchParams;
  const next = safeNextPath(typeof rawNext === "string" ? rawNext : undefined);
  if (await getActor()) redirect(next);

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
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Sign in to Settlement Console</h1>
          <p className="mt-1.5 text-sm text-slate-600">Use the email and password your administrator gave you.</p>
        </div>
        <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)] sm:p-7">
          <SignInForm next={next} />
        </div>
        <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
          <LockIcon className="size-3.5" />
          No account? Ask an administrator of this console to add you.
        </p>
      </div>
    </main>
  );
}
