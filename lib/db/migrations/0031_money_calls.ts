/**
 * What the console's money controls remember of every money movement it made or held (issue 43):
 * the destination (its book key), currency, amount, its value in USD by the service's quote, the
 * external_id, who, and how it ended. Possible duplicates, daily limits (counted from what was
 * sent) and first payments to a destination are read from it. `console_destinations` says when
 * a destination was first seen (saved, typed or in a batch row) and first paid successfully:
 * cooling-off belongs to the destination, not to a book entry. Drizzle: lib/approvals/schema.ts.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_money_calls (
  id text PRIMARY KEY,
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  action text NOT NULL,
  user_id text NOT NULL,
  destination_key text,
  currency text,
  amount numeric,
  amount_usd numeric,
  external_id text,
  submission_id text,
  status text NOT NULL CHECK (status IN ('held', 'sending', 'sent', 'failed', 'withdrawn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS console_money_calls_destination_idx
  ON console_money_calls (environment, destination_key, created_at) WHERE destination_key IS NOT NULL;
CREATE INDEX IF NOT EXISTS console_money_calls_external_idx
  ON console_money_calls (environment, external_id, created_at) WHERE external_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS console_money_calls_person_idx ON console_money_calls (environment, user_id, created_at);
CREATE INDEX IF NOT EXISTS console_money_calls_submission_idx
  ON console_money_calls (submission_id) WHERE submission_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS console_submissions_result_idx ON console_submissions (result_id) WHERE result_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS console_destinations (
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  match_key text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  first_paid_at timestamptz,
  PRIMARY KEY (environment, match_key)
);
`;
