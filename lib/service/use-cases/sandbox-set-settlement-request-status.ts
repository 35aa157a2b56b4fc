import "server-only";
import type { SandboxSettlementStatusBody } from "@/lib/schemas/sandbox";
import { planSandboxRequestMove, reconciliationExpectedAt } from "@/lib/state-machine";
import type { Caller, ServiceDeps } from "../context";
import { commitRequestChange } from "./commit-request-change";
import { loadSettlementRequest } from "./load-settlement-request";
import type { SettlementRequestView } from "./settlement-request-view";

/**
 * PATCH /v0/sandbox/settlement-requests/{id}/status (decisions D8): any status from any status,
 * recorded (cause "sandbox") and announced like every move. Payments are left as they are.
 */
export async function sandboxSetSettlementRequestStatus(
  deps: ServiceDeps,
  caller: Caller,
  id: string,
  body: SandboxSettlementStatusBody,
): Promise<SettlementRequestView> {
  const scope = { accountId: caller.accountId, environment: caller.environment };
  return deps.db.transaction(async (tx) => {
    const current = await loadSettlementRequest(tx, scope, id, { lock: true });
    const plan = planSandboxRequestMove(body.status, {
      failureReason: body.failure_reason,
      failureCode: body.failure_code,
      from: current.row.status,
    });
    const now = deps.clock.now();
    const { view } = await commitRequestChange(tx, deps, current, {
      move: { to: plan.to, cause: "sandbox", ...(body.failure_reason ? { detail: body.failure_reason } : {}) },
      request: {
        failureCode: plan.failure.code,
        failureReason: plan.failure.reason,
        ...(plan.setCompletedAt && !current.row.completedAt ? { completedAt: now } : {}),
        ...(plan.setReconciliation
          ? { reconciliationExpectedAt: reconciliationExpectedAt(current.row.reconciliationOverride, now) }
          : {}),
      },
    });
    return view;
  });
}
