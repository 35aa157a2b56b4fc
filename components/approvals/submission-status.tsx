import { Badge, type Tone } from "@/components/ui/badge";
import type { SubmissionView } from "@/lib/approvals/types";

const STATUS: Record<SubmissionView["status"], { label: string; tone: Tone }> = {
  offered: { label: "Over a daily limit: not submitted", tone: "muted" },
  pending: { label: "Waiting for approval", tone: "warning" },
  sending: { label: "Sending", tone: "info" },
  sent: { label: "Approved and sent", tone: "success" },
  failed: { label: "Approved, refused by the API", tone: "danger" },
  denied: { label: "Denied", tone: "danger" },
  expired: { label: "Expired", tone: "muted" },
};

/**
 * A held submission's state in words. An approved batch says how the batch ended, in the batch
 * page's own words (lib/batches/outcome.ts): "Approved · Partly sent (1 failed)", never "sent"
 * when a row failed.
 */
export function SubmissionStatus({
  status,
  batch = null,
}: {
  status: SubmissionView["status"];
  batch?: { label: string; tone: Tone } | null;
}) {
  const look =
    batch && (status === "sent" || status === "sending")
      ? { ...batch, label: `Approved · ${batch.label}` }
      : STATUS[status];
  return (
    <Badge tone={look.tone} dot data-testid="submission-status" data-status={status}>
      {look.label}
    </Badge>
  );
}
