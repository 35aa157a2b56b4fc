import { Badge } from "@/components/ui/badge";
import { DIFFERING_REASONS, REASON_LABELS } from "@/lib/reconciliation/labels";
import type { ReasonCode } from "@/lib/reconciliation/types";

/** A match's reasons: what held in green, what differed in amber. */
export function ReasonBadges({ reasons }: { reasons: ReasonCode[] }) {
  return (
    <span className="flex flex-wrap gap-1" data-testid="match-reasons">
      {reasons.map((r) => (
        <Badge key={r} tone={DIFFERING_REASONS.has(r) ? "warning" : "success"} data-reason={r}>
          {REASON_LABELS[r] ?? r}
        </Badge>
      ))}
    </span>
  );
}
