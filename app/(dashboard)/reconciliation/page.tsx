import Decimal from "decimal.js";
import { NotAllowed } from "@/components/auth/not-allowed";
import { CloseView } from "@/components/reconciliation/close-view";
import { ExceptionsView, type ExceptionView } from "@/components/reconciliation/exceptions-view";
import { ExpectedSettlementDialog } from "@/components/reconciliation/expected-settlement-dialog";
import { ImportExpectedDialog } from "@/components/reconciliation/import-expected-dialog";
import { MatchesView } from "@/components/reconciliation/matches-view";
import { OverviewView } from "@/components/reconciliation/overview-view";
import { ReconTabs } from "@/components/reconciliation/recon-tabs";
import type { ExpectedView as ExpectedRowView, MovementView } from "@/components/reconciliation/rows-tables";
import { ExpectedView } from "@/components/reconciliation/expected-view";
import { RulesEditor } from "@/components/reconciliation/rules-editor";
import { RunMatchingButton } from "@/components/reconciliation/run-matching-button";
import { SandboxPackButton } from "@/components/reconciliation/sandbox-pack-button";
import { PageHeader } from "@/components/ui/page-header";
import { nowFor } from "@/lib/settlement-api/environment-clock";
import { dayIn } from "@/lib/dates/calendar";
import { consoleRead } from "@/lib/auth/console-read";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { can } from "@/lib/auth/permissions";
import { env } from "@/lib/env";
import { closePack } from "@/lib/reconciliation/close";
import { EXCEPTION_LABELS, RECON_VIEWS, type ReconView } from "@/lib/reconciliation/labels";
import { toleranceLabel } from "@/lib/reconciliation/tolerance-label";
import { currentMatchRules } from "@/lib/reconciliation/rules-store";
import {
  findException,
  listExceptions,
  openExceptionCounts,
  type ExceptionRow,
} from "@/lib/reconciliation/exceptions-store";
import { findExpected, listExpected, type ExpectedRow } from "@/lib/reconciliation/expected-store";
import { findMatch, listMatches } from "@/lib/reconciliation/matches-store";
import { findMovements, openMovements, type MovementRow } from "@/lib/reconciliation/movements-store";
import { periodSummary } from "@/lib/reconciliation/month-store";
import type { ExceptionKind } from "@/lib/reconciliation/types";
import { CURRENCIES, STABLECOINS } from "@/lib/schemas/catalog";

export const metadata = { title: "Reconciliation" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

const toExpectedView = (r: ExpectedRow): ExpectedRowView => ({
  id: r.id,
  direction: r.direction,
  amount: r.amount,
  currency: r.currency,
  windowStart: r.windowStart,
  windowEnd: r.windowEnd,
  counterparty: r.counterparty,
  reference: r.reference,
  state: r.state,
  source: r.source,
  tolerance: toleranceLabel(r),
});
const toMovementView = (m: MovementRow): MovementView => ({
  id: m.id,
  kind: m.kind,
  direction: m.direction,
  amount: m.amount,
  currency: m.currency,
  day: m.day,
  counterparty: m.counterparty,
  reference: m.reference,
  returned: m.returned,
});
/** An exception's age in the queue: it was raised at a real time, so it ages on the real clock (not the sandbox's). */
const toExceptionView = (x: ExceptionRow, now: Date): ExceptionView => ({
  id: x.id,
  kind: x.kind,
  note: x.note,
  currency: x.currency,
  difference: x.difference,
  ageDays: Math.max(0, Math.floor((now.getTime() - Date.parse(x.createdAt)) / 86_400_000)),
  assignedTo: x.assignedTo,
  status: x.status,
  resolution: x.resolution,
  resolvedBy: x.resolvedBy,
  expectedIds: x.expectedIds,
  actualIds: x.actualIds,
});

/**
 * Month-end (issue 46): what finance expected, matched automatically to what the service did,
 * the exceptions to work, the matches with their reasons, and the close of each currency with
 * its balance proof. Everyone reads it; finance and admin (developers in sandbox) work it.
 */
export default async function ReconciliationPage({ searchParams }: { searchParams: SearchParams }) {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see reconciliation." />;
  const { db, actor } = gate;
  const params = await searchParams;
  const now = await nowFor(environment);
  const today = dayIn(env().MERCHANT_TIME_ZONE, now);
  const asked = one(params.period);
  const period = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : today.slice(0, 7);
  const asView = one(params.view);
  const view: ReconView = (RECON_VIEWS as readonly string[]).includes(asView ?? "")
    ? (asView as ReconView)
    : "overview";
  const works = can(actor.role, "reconciliation:run", environment);
  const summary = await periodSummary(db, environment, period);

  let body: React.ReactNode;
  if (view === "exceptions") {
    const asKind = one(params.kind);
    const kind = asKind && asKind in EXCEPTION_LABELS ? (asKind as ExceptionKind) : null;
    const status = one(params.status) === "worked" ? "worked" : "open";
    const rows = await listExceptions(db, environment, { period, status, kind: kind ?? undefined, limit: 300 });
    const chosenId = one(params.exception);
    const chosen = chosenId ? await findException(db, environment, chosenId) : null;
    let selected = null;
    if (chosen) {
      const [expected, movements] = await Promise.all([
        findExpected(db, environment, chosen.expectedIds),
        findMovements(db, environment, chosen.actualIds),
      ]);
      const direction = expected[0]?.direction ?? movements[0]?.direction ?? "in";
      // The closest amounts first: the expected settlements' sum (decimal, never a float).
      const near =
        expected.length > 0 ? expected.reduce((sum, e) => sum.plus(e.amount), new Decimal(0)).toFixed() : null;
      const open = await openMovements(db, environment, {
        period,
        currency: chosen.currency,
        direction,
        near,
        limit: 40,
      });
      const candidates = new Set([...chosen.candidates, ...chosen.actualIds]);
      const pickable = [
        ...movements.filter((m) => !m.returned),
        ...open.filter((m) => !chosen.actualIds.includes(m.id) && !m.returned),
      ].map((m) => ({
        id: m.id,
        amount: m.amount,
        currency: m.currency,
        day: m.day,
        reference: m.reference,
        counterparty: m.counterparty,
        candidate: candidates.has(m.id),
      }));
      selected = {
        exception: toExceptionView(chosen, new Date()),
        expected: expected.map(toExpectedView),
        movements: movements.map(toMovementView),
        pickable,
        mayWork: works,
      };
    }
    body = (
      <ExceptionsView
        period={period}
        kind={kind}
        status={status}
        rows={rows.map((x) => toExceptionView(x, new Date()))}
        selected={selected}
        me={actor.email}
      />
    );
  } else if (view === "matches") {
    const matches = await listMatches(db, environment, period, 300);
    const refs = new Map(
      (await findExpected(db, environment, [...new Set(matches.flatMap((m) => m.expectedIds))])).map((e) => [
        e.id,
        e.reference,
      ]),
    );
    const withRefs = (m: (typeof matches)[number]) => ({
      ...m,
      references: m.expectedIds.map((id) => refs.get(id)).filter((r): r is string => Boolean(r)),
    });
    const rows = matches.map(withRefs);
    const chosenId = one(params.match);
    const chosen = chosenId ? await findMatch(db, environment, chosenId) : null;
    const selected =
      chosen && !chosen.undoneAt
        ? {
            match: { ...chosen, references: [] },
            expected: (await findExpected(db, environment, chosen.expectedIds)).map(toExpectedView),
            movements: (await findMovements(db, environment, chosen.actualIds)).map(toMovementView),
          }
        : null;
    body = <MatchesView period={period} rows={rows} selected={selected} mayUndo={works} />;
  } else if (view === "expected") {
    const asked = one(params.direction);
    const direction = asked === "in" || asked === "out" ? asked : null;
    const rows = await listExpected(db, environment, period, { limit: 300, direction: direction ?? undefined });
    body = <ExpectedView period={period} direction={direction} rows={rows.map(toExpectedView)} />;
  } else if (view === "rules") {
    const back = (n: number) => {
      const [y, m] = period.split("-").map(Number) as [number, number];
      return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
    };
    body = (
      <RulesEditor
        initial={await currentMatchRules(db)}
        periods={[back(2), back(1), period]}
        editable={can(actor.role, "reconciliation:rules", null)}
      />
    );
  } else if (view === "close") {
    const asked = one(params.currency);
    const currency = asked && (CURRENCIES as readonly string[]).includes(asked) ? asked : "USD";
    const pack = await closePack(db, environment, currency, period);
    body = (
      <CloseView
        pack={pack}
        currencies={[...new Set(["USD", ...STABLECOINS, currency])]}
        mayClose={can(actor.role, "reconciliation:close", environment)}
        mayReopen={can(actor.role, "reconciliation:reopen", environment)}
      />
    );
  } else {
    body = (
      <OverviewView period={period} summary={summary} byKind={await openExceptionCounts(db, environment, period)} />
    );
  }

  return (
    <>
      <PageHeader
        title="Reconciliation"
        description={`What you expected in ${environment}, matched to what the service did, with the reasons; the exceptions to work; and the month's close with its balance proof.`}
        actions={
          works ? (
            <>
              {environment === "sandbox" ? <SandboxPackButton /> : null}
              <ImportExpectedDialog />
              <ExpectedSettlementDialog today={today} />
              <RunMatchingButton period={period} />
            </>
          ) : null
        }
      />
      <ReconTabs period={period} view={view} openExceptions={summary.openExceptions} />
      {body}
    </>
  );
}
