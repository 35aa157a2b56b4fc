import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { Button } from "@/components/ui/button";
import { signOut } from "@/lib/people/actions/sign-out";

/**
 * What someone signed in with a generated password sees, on every page, until they choose their
 * own: the password was seen by someone else (an administrator, a file on the server).
 */
export function ForcedPasswordChange({ email }: { email: string }) {
  return (
    <main id="main" tabIndex={-1} className="grid min-h-dvh place-items-center px-4 py-12 focus:outline-none">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Choose your own password</h1>
          <p className="mt-1.5 text-sm text-slate-600">
            You signed in as <span className="font-medium text-slate-900">{email}</span> with a password someone else
            has seen. Replace it before you go on.
          </p>
        </div>
        <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-6 shadow-[var(--shadow-card)] sm:p-7">
          <ChangePasswordForm afterChange="refresh" />
        </div>
        <form action={signOut} className="mt-4 text-center">
          <Button type="submit" variant="ghost">
            Sign out
          </Button>
        </form>
      </div>
    </main>
  );
}
