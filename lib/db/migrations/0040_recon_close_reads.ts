/**
 * A month's close reads (issue 46, decisions D24.7): what was in transit at the month's end and
 * the month's conversions, per currency, counted by the month's sync while it reads the service
 * (every row, by moving windows), so the close page reads one row instead of walking the API.
 * `in_transit` keeps the oldest payments by name; the count and total cover every one.
 */
export const sql = /* sql */ `
CREATE TABLE IF NOT EXISTS console_recon_close_reads (
  environment text NOT NULL,
  period text NOT NULL,
  currency text NOT NULL,
  read_at timestamptz NOT NULL,
  in_transit_count integer NOT NULL CHECK (in_transit_count >= 0),
  in_transit_total numeric NOT NULL,
  in_transit jsonb NOT NULL,
  fx jsonb NOT NULL,
  PRIMARY KEY (environment, period, currency)
);
`;
