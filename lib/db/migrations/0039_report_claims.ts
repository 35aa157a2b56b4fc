/**
 * A report run's claim (issue 46, decisions D24.10): the instance that claims a run writes a
 * fresh `claim_id` and keeps `alive_at` current while it works. Another instance takes the run
 * over only when `alive_at` has gone stale (the claimer stopped), and from then on the first
 * one's pieces and outcome are refused: a run read through the API's pages at its rate limit
 * can take longer than any fixed lease.
 */
export const sql = /* sql */ `
ALTER TABLE console_report_runs ADD COLUMN IF NOT EXISTS claim_id text;
ALTER TABLE console_report_runs ADD COLUMN IF NOT EXISTS alive_at timestamptz;
`;
