import { AlertIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import type { PossibleDuplicate } from "@/lib/approvals/money-calls";
import { formatMoney } from "@/lib/money/format";
import { formatMinute } from "@/lib/dashboard/format-date";

const STATE: Record<PossibleDuplicate["status"], string> = {
  held: "waiting for approval",
  sending: "on its way",
  sent: "sent",
  failed: "failed",
  withdrawn: "withdrawn",
};

/** A held submission that may repeat others of the last 24 h (issue 43): each one, what it shares, and where it stands. */
export function DuplicateFlag({ duplicates }: { duplicates: PossibleDuplicate[] }) {
  return (
    <div
      data-testid="duplicate-flag"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3.5 text-sm text-amber-900"
      role="note"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertIcon className="size-4 shrink-0" /> Possible duplicate
      </p>
      <ul className="mt-2 space-y-1.5">
        {duplicates.map((d) => (
          <li key={d.id}>
            {d.same === "external_id" ? "Same external_id" : "Same destination and currency"}:{" "}
            {d.amount && d.currency ? formatMoney(d.amount, d.currency) : "an amount"}, {STATE[d.status]},{" "}
            {formatMinute(d.createdAt)}
            {d.submissionId ? (
              <>
                {" "}
                (
                <Link href={`/approvals/${encodeURIComponent(d.submissionId)}`} className="font-medium underline">
                  {d.submissionId}
                </Link>
                )
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
