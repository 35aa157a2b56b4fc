/**
 * Money returned to payers (issue 64, part 3): one decision per payin that came in wrong, kept
 * by the console (the API has no notion of it). `return` links the request to the disbursement
 * that pays the payer back, through the Idempotency-Key it was sent with (and the submission
 * that held it, if one did); `accept` keeps an overpayment or accepts a shortfall. The index on
 * submissions' Idempotency-Key finds a held return's outcome without a scan.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_payin_decisions (
  environment text NOT NULL,
  settlement_request_id text NOT NULL,
  external_id text,
  case_kind text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('accept', 'return')),
  return_mode text CHECK (return_mode IN ('excess', 'whole')),
  amount numeric NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  wallet_address text,
  chain text,
  attempt integer NOT NULL DEFAULT 1,
  idempotency_key text,
  submission_id text,
  disbursement_id text,
  disbursement_status text,
  refunded_at timestamptz,
  note text,
  decided_by text NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, settlement_request_id)
);
CREATE INDEX IF NOT EXISTS console_payin_decisions_recent_idx
  ON console_payin_decisions (environment, decided_at DESC, settlement_request_id);
CREATE INDEX IF NOT EXISTS console_payin_decisions_disbursement_idx
  ON console_payin_decisions (environment, disbursement_id) WHERE disbursement_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS console_submissions_idempotency_idx
  ON console_submissions (environment, idempotency_key) WHERE idempotency_key IS NOT NULL;
`;
