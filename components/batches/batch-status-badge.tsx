import { Badge, type Tone } from "@/components/ui/badge";
import type { BatchStatus } from "@/lib/batches/types";

const LOOK: Record<BatchStatus, { label: string; tone: Tone }> = {
  review: { label: "In review", tone: "info" },
  held: { label: "Waiting for approval", tone: "warning" },
  sending: { label: "Sending", tone: "accent" },
  done: { label: "Sent", tone: "success" },
  denied: { label: "Not approved", tone: "danger" },
  cancelled: { label: "Discarded", tone: "neutral" },
};

export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  return (
    <Badge tone={LOOK[status].tone} dot data-testid="batch-status" data-status={status}>
      {LOOK[status].label}
    </Badge>
  );
}
