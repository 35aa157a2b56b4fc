import "server-only";
import { byPath, sendByTable, type ControlledActionTable } from "@/lib/approvals/controlled-action";
import type { Sender } from "@/lib/approvals/decide";
import { approvalRuleAction, payeeAction } from "@/lib/approvals/own-actions";
import { BATCH_SUBMISSION_PATH, SHORTFALL_SUBMISSION_PATH } from "@/lib/approvals/types";
import { apiKeyAction } from "@/lib/api-keys/controlled-action";
import { startApprovedBatch } from "@/lib/batches/submit";
import { disbursementAction } from "@/lib/disbursements/controlled-action";
import { writeOffAction } from "@/lib/reconciliation/controlled-action";
import { shortfallAction } from "@/lib/returns/controlled-action";
import { settlementRequestAction } from "@/lib/settlement-requests/controlled-action";
import { v1PaymentAction } from "@/lib/v1-payments/controlled-action";
import { webhookEndpointAction } from "@/lib/webhook-endpoints/controlled-action";

/**
 * The console's controlled actions, assembled (issue 45, decisions D23.1): one entry per action,
 * each beside its feature. The approval functions are handed this table; they import no feature.
 */
export const CONTROLLED_ACTION_TABLE: ControlledActionTable = {
  settlement_request: settlementRequestAction,
  disbursement: disbursementAction,
  v1_payment: v1PaymentAction,
  payee: payeeAction,
  webhook_endpoint: webhookEndpointAction,
  api_key: apiKeyAction,
  approval_rule: approvalRuleAction,
  // A payin's shortfall accepted on Returns is a write-off too: the same rules hold it.
  reconciliation_write_off: byPath({ [SHORTFALL_SUBMISSION_PATH]: shortfallAction }, writeOffAction),
};

/**
 * Sends an approved submission: a batch submitted for approval starts sending its rows (it is
 * the console's own call, stored under its path); any other goes through its action's entry.
 */
export const sendApproved: Sender = (db, row) =>
  row.path.startsWith(BATCH_SUBMISSION_PATH)
    ? startApprovedBatch(db, row)
    : sendByTable(CONTROLLED_ACTION_TABLE, db, row);
