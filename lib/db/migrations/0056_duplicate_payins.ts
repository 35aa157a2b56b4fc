/**
 * Payins reconciliation found paid twice wait on the Returns page (issue 64, part 3): the open
 * duplicates of an environment, newest first, read through their own small index whatever the
 * exception queue's history.
 */
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS console_recon_exceptions_duplicates_idx
  ON console_recon_exceptions (environment, created_at DESC, id)
  WHERE status = 'open' AND kind = 'duplicate';
`;
