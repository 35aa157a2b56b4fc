import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { Table, TableEmptyRow, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { formatMoney } from "@/lib/money/format";
import type { CaseKind } from "@/lib/returns/cases";
import { acceptMeaning, CASE_LABELS } from "@/lib/returns/labels";
import type { DecidedCase, QueuedCase } from "@/lib/returns/read";
import { stageLabel, type Stage } from "@/lib/returns/stage";
import { DecidePayin } from "./decide-payin";

const KIND_TONES: Record<CaseKind, "warning" | "danger" | "neutral" | "accent"> = {
  overpaid: "accent",
  underpaid: "warning",
  late: "neutral",
  after_expiry: "danger",
  duplicate: "danger",
};

const STAGE_TONES: Record<Stage, "success" | "warning" | "danger" | "neutral" | "accent"> = {
  accepted: "neutral",
  awaiting_approval: "warning",
  denied: "danger",
  expired: "danger",
  sending: "accent",
  returning: "accent",
  returned: "success",
  failed: "danger",
};

const requestLink = (id: string, externalId: string | null) => (
  <Link href={`/settlement-requests/${id}`} className="font-mono text-xs text-accent-700 hover:underline">
    {externalId ?? id}
  </Link>
);

/** The payins that wait for a decision, newest first. */
export function ToDecideTable({
  cases,
  environment,
  canReturn,
  canAccept,
}: {
  cases: QueuedCase[];
  environment: Environment;
  canReturn: boolean;
  canAccept: boolean;
}) {
  const acts = canReturn || canAccept;
  if (cases.length === 0)
    return (
      <p
        className="rounded-[var(--radius-card)] border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600"
        data-testid="returns-to-decide-empty"
      >
        Nothing to decide: every payin arrived as instructed, or has been decided.
      </p>
    );
  return (
    <Table caption="Payins to decide" data-testid="returns-to-decide">
      <THead>
        <TR>
          <TH>Request</TH>
          <TH>Why</TH>
          <TH numeric>Expected</TH>
          <TH numeric>Received</TH>
          <TH numeric>Difference</TH>
          <TH>Created</TH>
          {acts ? (
            <TH>
              <span className="sr-only">Decision</span>
            </TH>
          ) : null}
        </TR>
      </THead>
      <TBody>
        {cases.map((c) => (
          <TR key={c.requestId} data-testid="payin-case" data-request={c.requestId}>
            <TD>
              {requestLink(c.requestId, c.externalId)}
              {c.previous ? (
                <p className="mt-1 text-xs text-slate-500">
                  Last time: {stageLabel(c.previous.decision, c.previous.stage).toLowerCase()}
                </p>
              ) : null}
            </TD>
            <TD>
              <Badge tone={KIND_TONES[c.kind]}>{CASE_LABELS[c.kind]}</Badge>
            </TD>
            <TD numeric>{formatMoney(c.expected, c.currency)}</TD>
            <TD numeric>{c.received === null ? "—" : formatMoney(c.received, c.currency)}</TD>
            <TD numeric>{c.difference === null ? "—" : formatMoney(c.difference, c.currency)}</TD>
            <TD className="whitespace-nowrap text-slate-600">{formatShortDateTime(c.createdAt)}</TD>
            {acts ? (
              <TD>
                <DecidePayin found={c} environment={environment} canReturn={canReturn} canAccept={canAccept} />
              </TD>
            ) : null}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

/** The newest decisions and where each stands: a return is followed to its disbursement's end. */
export function DecidedTable({ decided }: { decided: DecidedCase[] }) {
  return (
    <Table caption="Decided payins" data-testid="returns-decided">
      <THead>
        <TR>
          <TH>Request</TH>
          <TH>Why</TH>
          <TH>Decision</TH>
          <TH numeric>Amount</TH>
          <TH>Where it stands</TH>
          <TH>By</TH>
        </TR>
      </THead>
      <TBody>
        {decided.length === 0 ? (
          <TableEmptyRow colSpan={6}>No payin has been returned or accepted yet.</TableEmptyRow>
        ) : (
          decided.map((d) => (
            <TR key={d.requestId} data-testid="payin-decision" data-request={d.requestId} data-stage={d.stage}>
              <TD>{requestLink(d.requestId, d.externalId)}</TD>
              <TD>{CASE_LABELS[d.kind]}</TD>
              <TD>
                {d.decision === "accept"
                  ? acceptMeaning(d.kind)
                  : d.mode === "excess"
                    ? "Return the excess"
                    : "Return all"}
                {d.note ? <p className="mt-1 max-w-xs text-xs text-slate-500">{d.note}</p> : null}
              </TD>
              <TD numeric>{formatMoney(d.amount, d.currency)}</TD>
              <TD>
                <Badge tone={STAGE_TONES[d.stage]} dot>
                  {stageLabel(d.decision, d.stage)}
                </Badge>
                {d.submissionId && d.stage !== "accepted" && !d.disbursementId ? (
                  <p className="mt-1">
                    <Link href={`/approvals/${d.submissionId}`} className="text-xs text-accent-700 hover:underline">
                      Approval
                    </Link>
                  </p>
                ) : null}
                {d.disbursementId ? (
                  <p className="mt-1">
                    <Link
                      href={`/disbursements/${d.disbursementId}`}
                      className="text-xs text-accent-700 hover:underline"
                    >
                      Disbursement
                    </Link>
                    {d.refundedAt ? <span className="ml-2 text-xs text-slate-500">request refunded</span> : null}
                  </p>
                ) : null}
              </TD>
              <TD className="text-slate-600">
                {d.decidedBy}
                <p className="text-xs text-slate-500">{formatShortDateTime(d.decidedAt)}</p>
              </TD>
            </TR>
          ))
        )}
      </TBody>
    </Table>
  );
}
