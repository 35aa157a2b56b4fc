import { initialsOf } from "@/lib/ui/initials";

/** The account the console acts for; "—" until the API tells us its name. */
export function AccountChip({ accountName }: { accountName: string | null }) {
  const initials = initialsOf(accountName);
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <span
        aria-hidden="true"
        data-empty={initials === null}
        className="grid size-8 shrink-0 place-items-center rounded-full bg-slate-800 text-xs font-semibold text-white data-[empty=true]:bg-slate-200 data-[empty=true]:text-slate-500"
      >
        {initials ?? (
          // biome-ignore lint/a11y/noSvgWithoutTitle: decorative, hidden from assistive technology (aria-hidden)
          <svg
            viewBox="0 0 24 24"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.75}
            strokeLinecap="round"
          >
            <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18M8 8h3M8 12h3M8 16h3" />
          </svg>
        )}
      </span>
      <div className="min-w-0 leading-tight">
        <p className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">Account</p>
        <p
          className="truncate text-sm font-medium text-slate-900"
          data-testid="account-name"
          title={accountName ?? undefined}
        >
          {accountName ?? (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">Not set</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
