import { RevealSecret } from "@/components/approvals/reveal-secret";
import { env } from "@/lib/env";
import { SubmissionStatus } from "@/components/approvals/submission-status";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { NotAllowed } from "@/components/auth/not-allowed";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { CONTROLLED_ACTION_LABELS, rolesText } from "@/lib/approvals/rules";
import { approvalsOf, expireDue, listSubmissions, toSubmissionView } from "@/lib/approvals/store";
import { BATCH_SUBMISSION_PATH, batchIdOf, type SubmissionView } from "@/lib/approvals/types";
import { batchOutcome } from "@/lib/batches/outcome";
import { batchStates } from "@/lib/batches/store";
import { consoleRead } from "@/lib/auth/console-read";
import { can } from "@/lib/auth/permissions";
import { duplicateFlags } from "@/lib/approvals/money-calls";
import { formatMinute } from "@/lib/dashboard/format-date";

export const metadata = { title: "Approvals" };

const when = formatMinute;

/**
 * Held submissions: the queue (oldest first, with who may approve each) and the last decisions.
 * Everyone reads it; approving is on each submission's page, for the roles its rule named.
 */
export default async function ApprovalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const gate = await consoleRead({ permission: "read", environment: null });
  if (!gate.ok) return <NotAllowed message="Sign in to see approvals." />;
  const actor = gate.actor;
  const { db } = gate;
  const [sandboxNow, productionNow] = await Promise.all([nowFor("sandbox"), nowFor("production")]);
  await Promise.all([expireDue(db, "sandbox", sandboxNow), expireDue(db, "production", productionNow)]);
  // "My submissions" (issue 43): what the signed-in person submitted, waiting and decided.
  const mineOnly = (await searchParams).mine === "1";
  const submittedBy = mineOnly ? actor.userId : undefined;
  const [pending, decided] = await Promise.all([
    listSubmissions(db, { status: "pending", submittedBy }),
    listSubmissions(db, { status: "decided", limit: 50, submittedBy }),
  ]);
  const [approvals, flags, batchesNow] = await Promise.all([
    approvalsOf(
      db,
      [...pending, ...decided].map((s) => s.id),
    ),
    duplicateFlags(
      db,
      pending.map((s) => s.id),
    ),
    // An approved batch reads as the batch page says it ended (issue 59).
    batchStates(
      db,
      decided.flatMap((s) => (s.path.startsWith(BATCH_SUBMISSION_PATH) ? [batchIdOf(s.path)] : [])),
    ),
  ]);
  const batchLook = (s: SubmissionView) => {
    const state = s.path.startsWith(BATCH_SUBMISSION_PATH) ? batchesNow.get(batchIdOf(s.path)) : undefined;
    return state ? batchOutcome(state.status, state.progress) : null;
  };
  const view = (rows: typeof pending) =>
    rows.map((r) => toSubmissionView(r, approvals, r.environment === "sandbox" ? sandboxNow : productionNow));
  const queue = view(pending);
  const history = view(decided);
  const decides = can(actor.role, "approvals:decide", null);
  const mayApprove = (s: SubmissionView) =>
    decides &&
    s.status === "pending" &&
    s.submittedBy.userId !== actor.userId &&
    s.approverRoles.includes(actor.role) &&
    !s.approvals.some((a) => a.email === actor.email);

  const columns = (withWho: boolean) => [
    {
      header: "What",
      cell: (s: SubmissionView) => (
        <div className="min-w-36 space-y-1 sm:min-w-48">
          <Link href={`/approvals/${s.id}`} className="font-medium text-accent-700 hover:underline">
            {CONTROLLED_ACTION_LABELS[s.action]}
          </Link>
          <p className="font-mono text-xs break-all text-slate-700">{s.facts.label}</p>
          <span className="flex flex-wrap gap-1">
            <Badge tone={s.environment === "production" ? "warning" : "info"}>{s.environment}</Badge>
            {flags.has(s.id) ? (
              <Badge tone="danger" data-testid="duplicate-badge">
                Possible duplicate
              </Badge>
            ) : null}
          </span>
        </div>
      ),
    },
    {
      header: "Submitted",
      // On a phone the status and the decision stay in view (issue 43); who and when are on the submission's page.
      headerClassName: "hidden sm:table-cell",
      className: "hidden sm:table-cell",
      cell: (s: SubmissionView) => (
        <div className="text-xs">
          <p className="whitespace-nowrap text-slate-700">{when(s.submittedAt)}</p>
          <p className="break-all text-slate-500">{s.submittedBy.email}</p>
        </div>
      ),
    },
    {
      header: "Approvals",
      headerClassName: "hidden md:table-cell",
      className: "hidden md:table-cell",
      cell: (s: SubmissionView) => (
        <div className="text-xs">
          <p className="text-slate-800">
            {s.approvals.length} of {s.approvalsRequired}
          </p>
          {withWho ? <p className="text-slate-500">{rolesText(s.approverRoles)}</p> : null}
        </div>
      ),
    },
    {
      header: "Status",
      cell: (s: SubmissionView) => (
        <span className="flex flex-col items-start gap-1">
          <SubmissionStatus status={s.status} batch={batchLook(s)} />
          {withWho && mayApprove(s) ? (
            <span className="text-xs font-medium text-amber-800">Yours to decide</span>
          ) : null}
        </span>
      ),
    },
    ...(!withWho
      ? [
          {
            header: "Decided by",
            headerClassName: "hidden sm:table-cell",
            className: "hidden sm:table-cell text-xs",
            cell: (s: SubmissionView) => (
              <span data-testid="decided-by" className="break-all text-slate-700">
                {s.status === "denied"
                  ? `Denied by ${s.deniedBy ?? "?"}`
                  : s.status === "expired"
                    ? "Nobody: it expired"
                    : s.approvals.length > 0
                      ? `Approved by ${s.approvals.map((a) => a.email).join(", ")}`
                      : "—"}
              </span>
            ),
          },
          {
            header: <span className="sr-only">Secret</span>,
            cell: (s: SubmissionView) =>
              s.status === "sent" && s.secretWaiting && s.submittedBy.userId === actor.userId ? (
                <RevealSecret id={s.id} label={s.action === "api_key" ? "API key" : "Signing secret"} />
              ) : null,
          },
        ]
      : []),
    ...(withWho
      ? [
          {
            header: <span className="sr-only">Decide</span>,
            // No one-click approve from the list (issue 43): the decision is on the submission's page.
            cell: (s: SubmissionView) =>
              mayApprove(s) ? (
                <Link
                  href={`/approvals/${s.id}`}
                  className={buttonClasses({ variant: "secondary", size: "sm" })}
                  aria-label={`Review and decide: ${CONTROLLED_ACTION_LABELS[s.action]} ${s.facts.label}`}
                >
                  Review
                </Link>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title="Approvals"
        description={`Money movements held by an approval rule: nothing is sent until enough people approve. Nobody approves their own.${
          env().APPROVER_MIN_AGE_HOURS > 0
            ? ` In production, someone added less than ${env().APPROVER_MIN_AGE_HOURS} hours ago approves nothing yet, except the team added while the console was set up.`
            : ""
        }`}
        actions={
          can(actor.role, "approvals:rules", null) ? (
            <Link href="/approvals/rules" className={buttonClasses({ variant: "secondary" })}>
              Approval rules
            </Link>
          ) : undefined
        }
      />
      <nav aria-label="Which submissions" className="mb-4 flex gap-2 text-sm">
        <Link
          href="/approvals"
          aria-current={mineOnly ? undefined : "page"}
          className={buttonClasses({ variant: mineOnly ? "ghost" : "secondary", size: "sm" })}
        >
          Everyone's
        </Link>
        <Link
          href="/approvals?mine=1"
          aria-current={mineOnly ? "page" : undefined}
          className={buttonClasses({ variant: mineOnly ? "secondary" : "ghost", size: "sm" })}
        >
          My submissions
        </Link>
      </nav>
      <section aria-labelledby="queue-heading" className="space-y-3">
        <h2 id="queue-heading" className="text-sm font-semibold text-slate-900">
          Waiting ({queue.length})
        </h2>
        <DataTable
          caption="Submissions waiting for approval"
          columns={columns(true)}
          rows={queue}
          rowTestId="submission-row"
          rowProps={(s) => ({ "data-id": s.id, "data-status": s.status })}
          empty="Nothing is waiting for approval."
        />
      </section>
      <section aria-labelledby="history-heading" className="mt-8 space-y-3">
        <h2 id="history-heading" className="text-sm font-semibold text-slate-900">
          Decided
        </h2>
        <DataTable
          caption="Decided submissions"
          columns={columns(false)}
          rows={history}
          rowTestId="decided-row"
          rowProps={(s) => ({ "data-id": s.id, "data-status": s.status })}
          empty="No submission was decided yet."
        />
      </section>
    </>
  );
}
