import { Link } from "@/components/ui/link";
import { LogOutIcon } from "@/components/ui/icons";
import type { ShellUser } from "@/components/auth/actor-context";
import { ROLE_LABELS } from "@/lib/auth/permissions";
import { signOut } from "@/lib/people/actions/sign-out";
import { initialsOf } from "@/lib/ui/initials";

/** Who is signed in and with which role (links to their account), and a sign-out button that works without JS. */
export function UserMenu({ user }: { user: ShellUser }) {
  const initials = initialsOf(user.name);
  return (
    <div className="flex items-center gap-1" data-testid="user-menu">
      <Link
        href="/account"
        className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg px-2 py-1.5 hover:bg-slate-100"
        title={user.email}
      >
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-100 text-xs font-semibold text-accent-800"
        >
          {initials || "?"}
        </span>
        <span className="min-w-0 leading-tight">
          <span className="block truncate text-sm font-medium text-slate-900" data-testid="user-name">
            {user.name}
          </span>
          <span className="block truncate text-xs text-slate-500">
            <span data-testid="user-role">{ROLE_LABELS[user.role].label}</span> ·{" "}
            <span data-testid="user-email">{user.email}</span>
          </span>
        </span>
      </Link>
      <form action={signOut}>
        <button
          type="submit"
          aria-label="Sign out"
          title="Sign out"
          className="grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <LogOutIcon className="size-4" />
        </button>
      </form>
    </div>
  );
}
