/**
 * The audit trail's cap removes sign-in noise only (issue 42): refused and failed sign-ins are
 * rolled up per email, address and hour, and when there are more rows than AUDIT_MAX_ROWS the
 * oldest of those go first. Everything else (approvals, keys, roles) is kept for the whole
 * retention period. The cap's cutoff is read from this index, the noise rows alone by time.
 */
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS console_audit_noise_at_idx ON console_audit (at) WHERE action = 'signIn' AND result <> 'ok';
`;
