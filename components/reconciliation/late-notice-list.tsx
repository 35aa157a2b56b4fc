import type { LateNotice } from "@/lib/reconciliation/late-notices";

/** Expected settlements of a closed month, refused there and recorded in the next open one: each with its lock. */
export function LateNoticeList({ notices }: { notices: readonly LateNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <div
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="late-notices"
    >
      <p className="font-medium">
        {notices.length === 1 ? "One belongs to a closed month" : `${notices.length} belong to closed months`}: not
        added there.
      </p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {notices.map((n) => (
          <li key={`${n.reference}-${n.lockedPeriod}`}>{n.message}</li>
        ))}
      </ul>
    </div>
  );
}
