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

/** A held submission's state in words. */
export function SubmissionStatus({ status }: { status: SubmissionView["status"] }) {
  return (
    <Badge tone={STATUS[status].tone} dot data-testid="submission-status" data-status={status}>
      {STATUS[status].label}
    </Badge>
  );
}
