import { Link } from "@/components/ui/link";
import { getDatabase } from "@/lib/db/connection";
import { formatMoney } from "@/lib/money/format";
import type { Environment } from "@/lib/schemas/catalog";
import { STAGE_LABELS, stageLabel, stageOf } from "@/lib/returns/stage";
import { decisionsFor, returnsByDisbursement, submissionOutcomes } from "@/lib/returns/store";

const trailClass = "mb-4 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm break-words text-slate-700";

/** On a disbursement: the payin it returns to its payer (issue 64), if it returns one. */
export async function ReturnOfPayin({
  environment,
  disbursementId,
}: {
  environment: Environment;
  disbursementId: string;
}) {
  const { db } = await getDatabase();
  const found = (await returnsByDisbursement(db, environment, [disbursementId])).get(disbursementId);
  if (!found) return null;
  return (
    <p data-testid="return-trail" className={trailClass}>
      Returns the payin of settlement request{" "}
      <Link href={`/settlement-requests/${found.requestId}`} className="font-medium text-accent-700 hover:underline">
        {found.externalId ?? found.requestId}
      </Link>{" "}
      to its payer.
    </p>
  );
}

/** On a settlement request: what was decided about its payin (issue 64), and the return's disbursement. */
export async function PayinDecisionTrail({ environment, requestId }: { environment: Environment; requestId: string }) {
  const { db } = await getDatabase();
  const d = (await decisionsFor(db, environment, [requestId])).get(requestId);
  if (!d) return null;
  // An acceptance a write-off rule held stands only once approved.
  const held =
    d.decision === "accept" && d.submissionId && d.idempotencyKey
      ? (await submissionOutcomes(db, environment, [d.idempotencyKey])).get(d.idempotencyKey)
      : undefined;
  const stage = stageOf({
    decision: d.decision,
    submissionStatus: held?.status ?? null,
    disbursementStatus: d.disbursementStatus,
  });
  return (
    <p data-testid="payin-decision-trail" className={trailClass}>
      {d.decision === "accept" && stage !== "accepted" ? (
        <>
          {d.decidedBy} asked to accept its shortfall of {formatMoney(d.amount, d.currency)} (
          <Link href={`/approvals/${d.submissionId}`} className="font-medium text-accent-700 hover:underline">
            {stageLabel(d.decision, stage).toLowerCase()}
          </Link>
          ).
        </>
      ) : d.decision === "accept" ? (
        <>
          Payin accepted by {d.decidedBy}
          {d.note ? `: ${d.note}` : "."}
        </>
      ) : (
        <>
          {formatMoney(d.amount, d.currency)} returned to the payer
          {d.disbursementId ? (
            <>
              {" "}
              by{" "}
              <Link href={`/disbursements/${d.disbursementId}`} className="font-medium text-accent-700 hover:underline">
                a disbursement
              </Link>{" "}
              ({STAGE_LABELS[stage].toLowerCase()})
            </>
          ) : (
            " once approved"
          )}
          .{" "}
          <Link href="/returns" className="text-accent-700 hover:underline">
            Returns
          </Link>
        </>
      )}
    </p>
  );
}
