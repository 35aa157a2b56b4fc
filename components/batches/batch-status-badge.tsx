import { Badge } from "@/components/ui/badge";
import { batchOutcome } from "@/lib/batches/outcome";
import type { BatchProgress, BatchStatus } from "@/lib/batches/types";

/** The batch's state in words (issue 44): a batch with failed rows never reads "Sent". */
export function BatchStatusBadge({
  status,
  progress = null,
}: {
  status: BatchStatus;
  progress?: Pick<BatchProgress, "failed" | "sent" | "refused"> | null;
}) {
  const look = batchOutcome(status, progress);
  return (
    <Badge tone={look.tone} dot data-testid="batch-status" data-status={status}>
      {look.label}
    </Badge>
  );
}
