import "server-only";

/**
 * Every status rule of settlement requests, their payments, disbursements and /v1 payments, in
 * one place (decisions D7, D8, D10). Pure functions and tables, no I/O: a use case asks for a
 * plan, guards on `kind`, then writes the change, its history row (with a HistoryCause) and its
 * outbox event in one transaction.
 *
 *   client PUT            planClientMove        (cause "api")
 *   payment status change planPaymentEffect     (cause "payment"; also after a sandbox payment PATCH)
 *   clock                 planTimeMoves         (cause "scheduler"; rail steps go on to planPaymentEffect)
 *   sandbox request PATCH planSandboxRequestMove (cause "sandbox"; the only way out of a final status)
 *   disbursements, /v1    planDisbursementMove, planV1PaymentMove
 *
 * The parts live in ./state-machine/; import them from here only.
 */

export {
  FAILURE_CODES,
  FINAL_REQUEST_STATUSES,
  HISTORY_CAUSES,
  invalidMoveMessage,
  isFinalRequestStatus,
  type FailureCode,
  type FailureFields,
  type FinalRequestStatus,
  type HistoryCause,
  type HistoryEntry,
  type PaymentChanges,
  type PaymentType,
} from "./state-machine/statuses";
export { amountMismatch } from "./state-machine/amounts";
export {
  PUT_RULES,
  PUT_STATUSES,
  PUT_STATUS_ALIASES,
  PUT_STATUS_INPUTS,
  RECONCILIATION_DEFAULT_DAYS,
  canonicalPutStatus,
  planClientMove,
  reconciliationExpectedAt,
  type ClientMove,
  type ClientMovePlan,
  type MismatchContext,
  type PutStatus,
  type PutStatusAlias,
  type PutStatusInput,
} from "./state-machine/client-moves";
export {
  NOT_STARTED_PAYMENT_STATUSES,
  PAYIN_REQUEST_MOVES,
  PAYOUT_REQUEST_MOVES,
  isNotStartedPaymentStatus,
  planPaymentEffect,
  type PaymentEffect,
  type PaymentEffectContext,
  type RequestOutcome,
} from "./state-machine/payment-effects";
export {
  DEFAULT_RAIL_DELAYS,
  planTimeMoves,
  type RailDelays,
  type TimeMove,
  type TimedRequest,
} from "./state-machine/time-moves";
export {
  REQUEST_FAILURE_STATUSES,
  SANDBOX_PAYMENT_STATUSES,
  SANDBOX_REQUEST_STATUSES,
  isRequestFailureStatus,
  planSandboxRequestMove,
  sandboxPaymentNeedsFailureReason,
  type SandboxRequestMove,
} from "./state-machine/sandbox";
export {
  DISBURSEMENT_PAYMENT_STATUS,
  DISBURSEMENT_RAIL_PAYMENT_STATUSES,
  DISBURSEMENT_STATUSES,
  DISBURSEMENT_STATUS_OF_PAYMENT,
  V1_NOTIFICATION_WINDOW_MS,
  disbursementFailureCode,
  planDisbursementPath,
  V1_PAYMENT_STATUSES,
  isFinalDisbursementStatus,
  isFinalV1PaymentStatus,
  isV1PaymentDueToExpire,
  planDisbursementMove,
  planV1PaymentMove,
  v1PaymentExpiresAt,
  type DisbursementEffects,
  type DisbursementStatus,
  type MovePlan,
  type V1PaymentEffects,
  type V1PaymentStatus,
  type V1Trigger,
} from "./state-machine/disbursements";
