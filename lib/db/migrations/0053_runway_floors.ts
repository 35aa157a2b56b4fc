/**
 * Runway (issue 64): a floor per environment and currency that payouts may not take the
 * projected available balance below without an approval, set by an administrator. And the two
 * partial indexes the runway's "committed out" reads by: payouts waiting in the console, and
 * batches held or sending (both bounded by what waits, not by history).
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_runway_floors (
  environment text NOT NULL,
  currency text NOT NULL,
  amount numeric NOT NULL CHECK (amount >= 0),
  set_by text NOT NULL,
  set_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, currency)
);
CREATE INDEX IF NOT EXISTS console_submissions_open_money_idx ON console_submissions (environment)
  WHERE status IN ('pending', 'sending') AND action IN ('disbursement', 'v1_payment');
CREATE INDEX IF NOT EXISTS console_batches_committed_idx ON console_batches (environment)
  WHERE status IN ('held', 'sending') AND kind = 'disbursement';
`;
