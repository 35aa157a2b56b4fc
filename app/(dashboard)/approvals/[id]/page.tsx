import { notFound } from "next/navigation";
import { approverWait } from "@/lib/approvals/approver-wait";
import { DecisionButtons } from "@/components/approvals/decision-buttons";
import { RevealSecret } from "@/components/approvals/reveal-secret";
import { SubmissionStatus } from "@/components/approvals/submission-status";
import { NotAllowed } from "@/components/auth/not-allowed";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { CopyButton } from "@/components/ui/copy-button";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { CONTROLLED_ACTION_LABELS, rolesText } from "@/lib/approvals/rules";
import { approvalsOf, findSubmission, toSubmissionView } from "@/lib/approvals/store";
import { batchIdOf, BATCH_SUBMISSION_PATH, resultHref } from "@/lib/approvals/types";
import { batchOutcome } from "@/lib/batches/outcome";
import { batchStates } from "@/lib/batches/store";
import { consoleRead } from "@/lib/auth/console-read";
import { can } from "@/lib/auth/permissions";
import { decisionSummary } from "@/lib/approvals/decision-summary";
import { CONTROLLED_ACTION_TABLE } from "@/lib/instance/controlled-actions";
import { isFreshProof } from "@/lib/auth/second-factor";
import { listPasskeys } from "@/lib/auth/passkeys";
import { deviceBoundApprovers, proofMethod } from "@/lib/approvals/device-bound";
import { DecisionSummaryList } from "@/components/approvals/decision-summary-list";
import { DuplicateFlag } from "@/components/approvals/duplicate-flag";
import { ResultLink } from "@/components/approvals/result-link";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { RevealAccount } from "@/components/approvals/reveal-account";
import { duplicateFlags } from "@/lib/approvals/money-calls";
import { formatSecond } from "@/lib/dashboard/format-date";
import { PAYOUT_ACTIONS } from "@/lib/approvals/hold";
import { breachText, floorBreaches } from "@/lib/runway/floor-check";

export const metadata = { title: "Submission" };

const when = formatSecond;

/** How the API answered, in words for finance: "Accepted by the settlement API (HTTP 201)." */
function answerInWords(status: string, code: number | null, batch: boolean): string {
  if (batch) return "Its rows were sent one by one: the batch page has each row's answer.";
  if (code === null) return "No answer came back from the settlement API.";
  return status === "sent"
    ? `Accepted by the settlement API (HTTP ${code}).`
    : `The settlement API refused it (HTTP ${code}): its answer is below.`;
}

/** One held submission: what would be sent, exactly; why it is held; who approved; and the decision controls for who may use them. */
export default async function SubmissionPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await consoleRead({ permission: "read", environment: null });
  if (!gate.ok) return <NotAllowed message="Sign in to see approvals." />;
  const actor = gate.actor;
  const [{ id }, currentEnvironment] = await Promise.all([params, getEnvironment()]);
  if (!/^sub_[A-Za-z0-9_-]{6,40}$/.test(id)) notFound();
  const { db } = gate;
  const row = await findSubmission(db, id);
  if (!row) notFound();
  const s = toSubmissionView(row, await approvalsOf(db, [id]), await nowFor(row.environment));
  const open = s.status === "pending";
  const mine = s.submittedBy.userId === actor.userId;
  const decides = can(actor.role, "approvals:decide", null);
  const approver = decides && s.approverRoles.includes(actor.role);
  const approved = s.approvals.some((a) => a.email === actor.email);
  const canApprove = open && approver && !mine && !approved;
  const canDeny = open && decides && (approver || mine);
  const href = resultHref(s.action, s.resultId, s.path);
  const body = JSON.stringify(s.body, null, 2);
  const batch = s.path.startsWith(BATCH_SUBMISSION_PATH);
  // An approved batch reads as the batch page says it ended (issue 59).
  const batchState = batch && !open ? (await batchStates(db, [batchIdOf(s.path)])).get(batchIdOf(s.path)) : undefined;
  const batchLook = batchState ? batchOutcome(batchState.status, batchState.progress) : null;
  // What the call is, said for where it stands: to be sent, as sent, or never sent.
  const sentTitle = open
    ? "What will be sent"
    : s.status === "sent" || s.status === "failed" || s.status === "sending"
      ? "What was sent"
      : "What would have been sent";
  const sentNote = (what: string) =>
    open
      ? `${what}, once approved.`
      : s.status === "sent" || s.status === "failed" || s.status === "sending"
        ? `${what}, as it was sent.`
        : `${what}: never sent (${s.status}).`;
  // Priced afresh for whoever decides now (issue 43); a decided one shows what was stored.
  const [summary, flags, passkeys, wait, deviceBound, floorNow] = await Promise.all([
    open ? decisionSummary(db, row, s.facts.label, CONTROLLED_ACTION_TABLE) : Promise.resolve(null),
    open ? duplicateFlags(db, [id]) : Promise.resolve(new Map()),
    open && s.environment === "production" ? listPasskeys(db, actor.userId) : Promise.resolve([]),
    // A person added since set-up waits before approving production (issue 59): said before they try.
    open && canApprove && s.environment === "production" ? approverWait(db, actor.userId) : Promise.resolve(null),
    open && s.environment === "production" ? deviceBoundApprovers(db) : Promise.resolve(false),
    // The runway floor judged again now (issue 64): the balance and what is committed move after submission.
    // (Not a batch: a held batch already counts as committed.)
    open && !batch && PAYOUT_ACTIONS.has(s.action) && s.facts.currency && s.facts.amount
      ? floorBreaches(db, s.environment, [{ currency: s.facts.currency, amount: s.facts.amount }])
      : Promise.resolve([]),
  ]);
  const duplicates = flags.get(id) ?? [];
  const production = s.environment === "production";
  // Under the device-bound policy (issue 61) only a proof made with such a passkey counts as fresh here.
  const boundEnough = !deviceBound || (await proofMethod(db, actor.sessionId)) === "device_passkey";
  const stepUp =
    actor.secondFactor !== "verified"
      ? "no-factor"
      : isFreshProof(actor.secondFactorAt) && boundEnough
        ? "fresh"
        : "needed";

  return (
    <>
      {/* The submission's own environment, whatever the approver's page shows (issue 43). */}
      <p
        data-testid="submission-environment"
        className={
          production
            ? "mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm font-semibold text-amber-900"
            : "mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2.5 text-sm font-medium text-sky-900"
        }
      >
        {production
          ? "Production submission: approving it moves real money."
          : "Sandbox submission: nothing here moves real money."}
      </p>
      <PageHeader
        title={`${CONTROLLED_ACTION_LABELS[s.action]}: ${s.facts.label}`}
        description={`Submitted by ${s.submittedBy.email} on ${when(s.submittedAt)}, in ${s.environment}.`}
        actions={<SubmissionStatus status={s.status} batch={batchLook} />}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          {duplicates.length > 0 ? <DuplicateFlag duplicates={duplicates} /> : null}
          {floorNow.length > 0 ? (
            <p
              role="alert"
              data-testid="floor-now"
              className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <span className="font-semibold">Below the runway floor if approved now.</span> {breachText(floorNow)}.
            </p>
          ) : null}
          {summary ? (
            <Card
              title={canApprove ? "What you approve" : "What it will do"}
              description={`Priced just now. Submitted by ${s.submittedBy.email}.`}
            >
              <DecisionSummaryList summary={summary} />
              {decides && /"(iban|account_number|clabe)"/.test(JSON.stringify(row.body)) ? (
                <div className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  Bank details are masked.
                  <RevealAccount kind="submission" id={s.id} label="Reveal the bank account number" />
                </div>
              ) : null}
            </Card>
          ) : null}
          <Card title="Why it is held" description={`Rule “${s.rule.name}”, version ${s.rule.version}.`}>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-slate-500">Needs</dt>
                <dd className="font-medium text-slate-900">
                  {s.approvalsRequired} approval{s.approvalsRequired === 2 ? "s" : ""} from {rolesText(s.approverRoles)}
                  , not the submitter
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">{open ? "Expires" : s.status === "expired" ? "Expired" : "Decided"}</dt>
                <dd className="font-medium text-slate-900">
                  {open || s.status === "expired" ? when(s.expiresAt) : s.decidedAt ? when(s.decidedAt) : "—"}
                  {s.environment === "sandbox" && (open || s.status === "expired") ? (
                    <span className="text-slate-500"> (sandbox clock)</span>
                  ) : null}
                </dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-slate-500">Approvals</dt>
                <dd>
                  {s.approvals.length === 0 ? (
                    <span className="text-slate-600">None yet.</span>
                  ) : (
                    <ul className="mt-1 space-y-1" data-testid="approvals-list">
                      {s.approvals.map((a) => (
                        <li key={a.email} className="text-slate-800">
                          {a.email} ({a.role}), {when(a.at)}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
              {s.status === "denied" ? (
                <div className="sm:col-span-2" data-testid="deny-reason">
                  <dt className="text-slate-500">Denied by {s.deniedBy}</dt>
                  <dd className="font-medium text-slate-900">{s.denyReason}</dd>
                </div>
              ) : null}
            </dl>
            {open && !canApprove ? (
              <p className="mt-4 text-sm text-slate-600" data-testid="not-yours">
                {mine
                  ? "You submitted this: someone else must approve it."
                  : approved
                    ? "You approved this; it needs another person."
                    : `Waiting for ${rolesText(s.approverRoles)}.`}
              </p>
            ) : null}
            {open && (canApprove || canDeny) ? (
              <div className="mt-5 border-t border-slate-100 pt-4">
                <DecisionButtons
                  id={s.id}
                  canApprove={canApprove}
                  canDeny={canDeny}
                  mine={mine}
                  lastApproval={s.approvals.length + 1 >= s.approvalsRequired}
                  production={production}
                  stepUp={stepUp}
                  summary={summary}
                  title={`${CONTROLLED_ACTION_LABELS[s.action]}: ${s.facts.label}`}
                  passkeys={passkeys.length > 0}
                  deviceBound={deviceBound}
                  waitUntil={wait?.until ? wait.until.toISOString() : null}
                  duplicates={duplicates}
                  waitHours={wait?.hours ?? 0}
                />
              </div>
            ) : null}
          </Card>
          {s.status === "sent" || s.status === "failed" ? (
            <Card
              title={
                s.status === "sent" ? (batchLook ? `Approved · ${batchLook.label}` : "Sent") : "The API refused it"
              }
              description={answerInWords(s.status, s.responseStatus, batch)}
            >
              {s.status === "sent" && s.secretWaiting && mine ? (
                <div className="mb-4">
                  <RevealSecret id={s.id} label={s.action === "api_key" ? "API key" : "Signing secret"} />
                </div>
              ) : null}
              {href && s.status === "sent" ? (
                <ResultLink href={href} environment={s.environment} current={currentEnvironment}>
                  Open {s.resultId}
                </ResultLink>
              ) : (
                <CodeBlock className="overflow-x-auto rounded-lg bg-slate-50 p-3 font-mono text-xs">
                  {JSON.stringify(s.response, null, 2)}
                </CodeBlock>
              )}
            </Card>
          ) : null}
        </div>
        {batch ? (
          <Card
            className="min-w-0"
            title={sentTitle}
            description={sentNote("Every row of the batch, each with its own Idempotency-Key")}
          >
            <p className="text-sm text-slate-700">{s.facts.label}</p>
            <Link
              href={`/batches/${encodeURIComponent(s.path.slice(BATCH_SUBMISSION_PATH.length))}`}
              className="mt-3 inline-block font-medium text-accent-700 hover:underline"
              data-testid="batch-link"
            >
              Review the batch, row by row
            </Link>
            <CodeBlock
              data-testid="submission-body"
              className="mt-3 max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed text-slate-100"
            >
              {body}
            </CodeBlock>
          </Card>
        ) : (
          <Card
            className="min-w-0"
            title={sentTitle}
            description={sentNote("Exactly this call, with this Idempotency-Key")}
          >
            <p className="font-mono text-sm break-all text-slate-900">
              {s.method} {s.path}
            </p>
            {s.idempotencyKey ? (
              <p className="mt-1 font-mono text-xs break-all text-slate-500">Idempotency-Key: {s.idempotencyKey}</p>
            ) : null}
            <details className="mt-3 group">
              <summary className="cursor-pointer text-sm font-medium text-accent-700">The exact call (JSON)</summary>
              <div className="mt-3 flex justify-end">
                <CopyButton value={body} label="Copy the body" showText />
              </div>
              <CodeBlock
                data-testid="submission-body"
                className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-all text-slate-100"
              >
                {body}
              </CodeBlock>
            </details>
          </Card>
        )}
      </div>
    </>
  );
}
