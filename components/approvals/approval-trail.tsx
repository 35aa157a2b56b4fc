import { Link } from "@/components/ui/link";
import { approvalOfResult } from "@/lib/approvals/store";
import { getDatabase } from "@/lib/db/connection";

/**
 * The other end of the trail (issue 43): a request, disbursement or payment sent on approval
 * links to the submission that held it, and says who approved it. Nothing for one sent directly.
 */
export async function ApprovalTrail({ resultId }: { resultId: string }) {
  const { db } = await getDatabase();
  const found = await approvalOfResult(db, resultId);
  if (!found) return null;
  return (
    <p
      data-testid="approval-trail"
      className="mb-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-700"
    >
      Sent after approval:{" "}
      <Link href={`/approvals/${encodeURIComponent(found.id)}`} className="font-medium text-accent-700 hover:underline">
        {found.id}
      </Link>
      , submitted by {found.submittedBy}
      {found.approvedBy.length > 0 ? `, approved by ${found.approvedBy.join(", ")}` : ""}.
    </p>
  );
}
