import { DataTable } from "@/components/ui/data-table";
import type { ActiveThrottle } from "@/lib/auth/throttle";
import { ClearThrottleButton } from "./clear-throttle-button";

const SCOPE_TEXT: Record<ActiveThrottle["scope"], string> = {
  pair: "Too many wrong passwords from this address",
  email: "Slowed down: wrong passwords from several addresses",
  address: "This address tried too many people",
  exempt: "Slowed down everywhere: first tries from new addresses used up for the hour",
};

function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** Sign-in throttles in force now, each with who it holds back, why, for how long, and a way to lift it. */
export function SignInThrottles({ throttles }: { throttles: ActiveThrottle[] }) {
  return (
    <section aria-labelledby="throttles-heading" className="mt-10">
      <h2 id="throttles-heading" className="text-base font-semibold text-slate-900">
        Sign-in throttles
      </h2>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        Wrong passwords slow sign-in down for a while. Lift a throttle when you know who is behind it; lifting is
        recorded in the audit trail.
      </p>
      {throttles.length === 0 ? (
        <p
          className="mt-4 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600"
          data-testid="no-throttles"
        >
          Nobody is held back right now.
        </p>
      ) : (
        <div className="mt-4">
          <DataTable
            caption="Sign-in throttles in force"
            columns={[
              {
                header: "Who",
                cell: (t) => (
                  <>
                    <p className="font-medium break-all text-slate-900">{t.email ?? "Any email"}</p>
                    <p className="text-xs break-all text-slate-500">
                      {t.address ? `from ${t.address}` : "from any address"}
                    </p>
                  </>
                ),
              },
              { header: "Why", cell: (t) => <span className="text-slate-700">{SCOPE_TEXT[t.scope]}</span> },
              { header: "Attempts", className: "tabular-nums", cell: (t) => t.failures },
              { header: "Ends in", className: "whitespace-nowrap tabular-nums", cell: (t) => waitText(t.waitSeconds) },
              {
                header: <span className="sr-only">Actions</span>,
                headerClassName: "text-right",
                className: "text-right",
                cell: (t) => <ClearThrottleButton throttleKey={t.key} label={t.email ?? t.address ?? t.key} />,
              },
            ]}
            rows={throttles.map((t) => ({ ...t, id: t.key }))}
            rowTestId="throttle-row"
            rowProps={(t) => ({ "data-key": t.key })}
          />
        </div>
      )}
    </section>
  );
}
