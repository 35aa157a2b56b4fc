/** How many held submissions wait for you: beside "Approvals" in the sidebar (counted by the layout at each page load). */
export function ApprovalsBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      data-testid="approvals-badge"
      className="ml-auto rounded-full bg-amber-100 px-1.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset"
    >
      {count}
      <span className="sr-only"> waiting for you</span>
    </span>
  );
}
