import "server-only";
import type { Executor } from "@/lib/db/database";
import type { Disbursement } from "@/lib/schemas/disbursement";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import { advanceSandboxClock, simulatePaymentStatus, updateSettlementRequest } from "@/lib/settlement-api";
import { DISBURSEMENT_STATUS_PHASES, SETTLEMENT_STATUS_PHASES } from "@/lib/state-machine/phases";
import { Pacer } from "./pacer";
import { currentStatus, failureText, isFinalStatus, paced, sendRow } from "./send-row";
import { setBatch, type BatchRow } from "./store";
import { recordDryRun, rowsWithDryRun, rowsWithout } from "./work-queue";
import type { DryRunRow } from "./types";

/** How far each step moves the sandbox clock, and how many steps at most before the report says "still moving". */
const CLOCK_STEP_SECONDS = 60;
const CLOCK_STEPS = 3;
const CHUNK = 10;
const PARALLEL = 4;

/** What the dry run calls in sandbox for one row: its own key per attempt, so a dry run run again creates new sandbox objects. */
export const dryRunKey = (batchId: string, attempt: number, rowNo: number) => `dryrun_${batchId}_${attempt}_${rowNo}`;

/**
 * The dry run (issue 32, decisions D20.3): every included, valid row is created in sandbox, then
 * moved through its flow there: a settlement request is marked FUNDS_SENT and its payin
 * completed (the sandbox's own transitions), then the sandbox clock is moved forward so the
 * simulated rails finish, and each row's final status is read. A disbursement only needs the
 * clock. The report per row is stored as it is learnt, so a dry run interrupted by a restart
 * carries on where it stopped.
 */
export async function runDryRun(
  db: Executor,
  batch: BatchRow,
  keepAlive: () => Promise<boolean>,
): Promise<"done" | "paused"> {
  if (batch.dryRunState === "queued")
    await setBatch(db, batch.id, { dryRunState: "running", dryRunStartedAt: new Date() });
  const pacer = new Pacer(0);
  for (;;) {
    if (!(await keepAlive())) return "paused";
    const rows = await rowsWithout(db, batch.id, "dryRun", CHUNK);
    if (rows.length === 0) break;
    let paused = false;
    await inParallel(rows, PARALLEL, async (row) => {
      const report = await createAndMove(batch, row.rowNo, row.body, pacer, keepAlive);
      if (report === null) paused = true;
      else await recordDryRun(db, batch.id, row.rowNo, report);
    });
    if (paused) return "paused";
  }
  // Every row created: let sandbox time pass until the rails have finished (or the steps run out).
  for (let step = 0; step < CLOCK_STEPS; step++) {
    const moving = (await rowsWithDryRun(db, batch.id)).filter(
      (r) => r.dryRun?.ok && r.dryRun.id && !isFinalStatus(batch.kind, r.dryRun.finalStatus),
    );
    if (moving.length === 0) break;
    const advanced = await paced(pacer, () => advanceSandboxClock("sandbox", CLOCK_STEP_SECONDS), keepAlive);
    if (!advanced.ok) {
      await setBatch(db, batch.id, {
        dryRunState: "failed",
        dryRunError: `The sandbox clock could not be moved: ${failureText(advanced.error)}`,
        dryRunFinishedAt: new Date(),
      });
      return "done";
    }
    await inParallel(moving, PARALLEL, async (row) => {
      const report = row.dryRun as DryRunRow;
      const read = await paced(pacer, () => currentStatus("sandbox", batch.kind, report.id as string), keepAlive);
      if (!read.ok) return;
      const data = read.data as { status: string; failure_reason?: unknown; failure_code?: unknown };
      await recordDryRun(db, batch.id, row.rowNo, { ...report, ...verdictOf(batch.kind, data) });
    });
  }
  await setBatch(db, batch.id, { dryRunState: "done", dryRunFinishedAt: new Date() });
  return "done";
}

/** Where a status leaves a row: ok unless it failed; the failure's reason when the API gives one. */
function verdictOf(
  kind: BatchRow["kind"],
  data: { status: string; failure_reason?: unknown; failure_code?: unknown },
): Pick<DryRunRow, "finalStatus" | "ok" | "failure"> {
  const phase =
    kind === "disbursement"
      ? DISBURSEMENT_STATUS_PHASES[data.status as Disbursement["status"]]
      : SETTLEMENT_STATUS_PHASES[data.status as SettlementRequest["status"]];
  const reason =
    typeof data.failure_reason === "string"
      ? data.failure_reason
      : data.failure_reason && typeof data.failure_reason === "object"
        ? String((data.failure_reason as { message?: unknown }).message ?? "")
        : null;
  return {
    finalStatus: data.status,
    ok: phase !== "failure",
    failure: phase === "failure" ? reason || `Ended ${data.status}` : null,
  };
}

/** Creates one row in sandbox and starts its flow; null when the sandbox could not be reached (the row is tried again). */
async function createAndMove(
  batch: BatchRow,
  rowNo: number,
  body: Record<string, unknown>,
  pacer: Pacer,
  keepAlive: () => Promise<boolean>,
): Promise<DryRunRow | null> {
  const sent = await sendRow(
    "sandbox",
    batch.kind,
    body,
    dryRunKey(batch.id, batch.dryRunAttempt, rowNo),
    pacer,
    keepAlive,
  );
  if (sent.state === "paused") return null;
  if (sent.state === "failed")
    return { id: null, finalStatus: null, fee: null, feeCurrency: null, rate: null, failure: sent.failure, ok: false };
  if (batch.kind === "disbursement")
    return {
      id: sent.resultId,
      finalStatus: sent.resultStatus,
      fee: null,
      feeCurrency: null,
      rate: null,
      failure: null,
      ok: true,
    };
  const request = sent.data as SettlementRequest;
  const base: DryRunRow = {
    id: request.id,
    finalStatus: request.status,
    fee: String(request.payment_instructions.fee.total),
    feeCurrency: request.payment_instructions.currency,
    rate: String(request.payment_instructions.exchange_rate),
    failure: null,
    ok: true,
  };
  // The payer sends the funds, the payin arrives: the rest is the rails' (and the clock's).
  const funds = await paced(
    pacer,
    () => updateSettlementRequest("sandbox", request.id, { status: "FUNDS_SENT" }),
    keepAlive,
  );
  if (!funds.ok) return { ...base, ok: false, failure: `Marking funds sent: ${failureText(funds.error)}` };
  const payin = await paced(
    pacer,
    () => simulatePaymentStatus("sandbox", request.inbound_payment.id, { status: "COMPLETED" }),
    keepAlive,
  );
  if (!payin.ok) return { ...base, ok: false, failure: `Completing the payin: ${failureText(payin.error)}` };
  return { ...base, finalStatus: funds.data.status };
}

/** Runs `work` over `items`, `width` at a time. */
export async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(lanes);
}
