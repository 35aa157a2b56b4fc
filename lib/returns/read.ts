import "server-only";
import type { Executor } from "@/lib/db/database";
import type { Environment } from "@/lib/schemas/catalog";
import type { Payment } from "@/lib/schemas/payment";
import type { SettlementRequest } from "@/lib/schemas/settlement-request-response";
import {
  getDisbursement,
  getPayment,
  getSettlementRequest,
  listSettlementRequests,
  simulateSettlementRequestStatus,
} from "@/lib/settlement-api";
import { openDuplicatePayins } from "./duplicates";
import { CASE_STATUSES, caseOf, type PayinCase } from "./cases";
import { isMoving, paidNothing, stageOf, type Stage } from "./stage";
import {
  claimRefunded,
  decisionsFor,
  noteReturnProgress,
  recentDecisions,
  releaseRefunded,
  submissionOutcomes,
  type PayinDecision,
} from "./store";

/** How many requests of each status the queue reads (newest first): a fixed cost, whatever the history. */
export const QUEUE_PAGE = 50;

export type DecidedCase = PayinDecision & { stage: Stage };
export type QueuedCase = PayinCase & { previous: DecidedCase | null };

export type ReturnsQueue =
  | { ok: true; environment: Environment; toDecide: QueuedCase[]; decided: DecidedCase[]; truncated: boolean }
  | { ok: false; environment: Environment; message: string };

/**
 * The returns queue of an environment (decisions D25.9): the payins that wait for a decision,
 * read from the API (three lists of at most QUEUE_PAGE, and the inbound payment of each, where
 * the received amount and the payer's address are), with the payins reconciliation found paid
 * twice (at most QUEUE_PAGE, each request and payin read), and the newest decisions with where each
 * stands. A return still moving is brought up to date as it is read: its held submission's
 * outcome, its disbursement's status; in the sandbox, a completed return moves its request to
 * REQUEST_REFUNDED, once across instances (`progressReturns`).
 */
export async function readReturnsQueue(db: Executor, environment: Environment): Promise<ReturnsQueue> {
  const lists = await Promise.all(
    CASE_STATUSES.map((status) => listSettlementRequests(environment, { status, page_size: QUEUE_PAGE, page: 1 })),
  );
  const failed = lists.find((l) => !l.ok);
  if (failed && !failed.ok) return { ok: false, environment, message: failed.error.message };
  const requests = lists.flatMap((l) => (l.ok ? l.data.data : []));
  const truncated = lists.some((l) => l.ok && l.data.pagination.total > QUEUE_PAGE);
  // An expired request waits for a decision only once its payin arrived after all.
  const candidates = requests.filter((r) => r.status !== "REQUEST_EXPIRED" || r.inbound_payment.status === "COMPLETED");
  const payins = await Promise.all(candidates.map((r) => inboundOf(environment, r)));
  const cases = candidates.map((r, i) => caseOf(r, payins[i] ?? null)).filter((c): c is PayinCase => c !== null);
  // And the payins reconciliation found paid twice (the newest QUEUE_PAGE), each read from the API.
  const duplicates = await Promise.all(
    (await openDuplicatePayins(db, environment, QUEUE_PAGE))
      .filter((d) => !cases.some((c) => c.requestId === d.requestId))
      .map(async (d) => {
        const [request, payin] = await Promise.all([
          getSettlementRequest(environment, d.requestId),
          getPayment(environment, d.paymentId),
        ]);
        return request.ok && payin.ok ? caseOf(request.data, payin.data, true) : null;
      }),
  );
  cases.push(...duplicates.filter((c): c is PayinCase => c !== null));

  // The newest decisions and those on the queue's payins, each brought up to date once.
  const recent = await recentDecisions(db, environment);
  const seen = new Set(recent.map((d) => d.requestId));
  const onCases = await decisionsFor(
    db,
    environment,
    cases.map((c) => c.requestId).filter((id) => !seen.has(id)),
  );
  const progressed = await progressReturns(db, environment, [...recent, ...onCases.values()]);
  const decided = progressed.slice(0, recent.length);
  const byRequest = new Map(progressed.map((d) => [d.requestId, d]));
  const toDecide = cases
    .map((c) => ({ ...c, previous: byRequest.get(c.requestId) ?? null }))
    // A case leaves the queue once decided, and comes back when a return paid nothing and never will.
    .filter((c) => c.previous === null || paidNothing(c.previous.stage));
  return { ok: true, environment, toDecide, decided, truncated };
}

async function inboundOf(environment: Environment, r: SettlementRequest): Promise<Payment | null> {
  const answer = await getPayment(environment, r.inbound_payment.id);
  return answer.ok ? answer.data : null;
}

/** Each decision with its stage, the moving returns brought up to date first. */
export async function progressReturns(
  db: Executor,
  environment: Environment,
  decisions: PayinDecision[],
): Promise<DecidedCase[]> {
  // A return not yet known to have become a disbursement, or an acceptance a write-off rule held.
  const held = decisions.filter((d) => !d.disbursementId && d.idempotencyKey);
  const outcomes = await submissionOutcomes(
    db,
    environment,
    held.map((d) => d.idempotencyKey as string),
  );
  return Promise.all(
    decisions.map(async (d) => {
      const outcome = d.idempotencyKey ? outcomes.get(d.idempotencyKey) : undefined;
      let current: PayinDecision = d;
      // A held return that was approved and sent: its submission names the disbursement.
      if (d.decision === "return" && !d.disbursementId && outcome?.status === "sent" && outcome.resultId) {
        current = { ...current, disbursementId: outcome.resultId, disbursementStatus: "PENDING" };
      }
      let stage = stageOf({
        decision: current.decision,
        submissionStatus: outcome?.status ?? null,
        disbursementStatus: current.disbursementStatus,
      });
      if (current.disbursementId && isMoving(stage)) {
        const answer = await getDisbursement(environment, current.disbursementId);
        if (answer.ok) current = { ...current, disbursementStatus: answer.data.status };
        stage = stageOf({ decision: "return", submissionStatus: null, disbursementStatus: current.disbursementStatus });
      }
      if (
        current.idempotencyKey &&
        current.disbursementId &&
        (current.disbursementId !== d.disbursementId || current.disbursementStatus !== d.disbursementStatus)
      ) {
        await noteReturnProgress(db, environment, current.requestId, current.idempotencyKey, {
          disbursementId: current.disbursementId,
          status: current.disbursementStatus ?? "PENDING",
        });
      }
      // A request paid twice was itself settled: only a payin that went wrong makes its request refunded.
      if (stage === "returned" && environment === "sandbox" && !current.refundedAt && current.kind !== "duplicate") {
        current = { ...current, refundedAt: await markRefunded(db, environment, current.requestId) };
      }
      return { ...current, stage };
    }),
  );
}

/**
 * In the sandbox, a request whose payin went back is REQUEST_REFUNDED (what the service would
 * say of it): moved once, by whoever claims it; a failed move is given back and tried again.
 */
async function markRefunded(db: Executor, environment: Environment, requestId: string): Promise<string | null> {
  if (!(await claimRefunded(db, environment, requestId))) return null;
  const moved = await simulateSettlementRequestStatus(environment, requestId, { status: "REQUEST_REFUNDED" });
  if (moved.ok) return new Date().toISOString();
  await releaseRefunded(db, environment, requestId);
  return null;
}
