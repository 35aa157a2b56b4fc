/**
 * Bank payees of every shape (issue 59): a bank payee keeps its whole destination (currency, rail,
 * the shape's account fields and the holder) so paying it fills every field the service needs.
 * Payees saved before (IBAN only, no holder) keep a null destination and are read from `address`.
 */
export const sql = /* sql */ `
ALTER TABLE console_payees ADD COLUMN IF NOT EXISTS destination jsonb;
`;
