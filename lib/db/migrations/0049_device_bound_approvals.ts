/**
 * How a session last proved its second factor (issue 61): a code (app or recovery), a passkey, or a
 * passkey bound to one device (not synced, not backed up). A production approval under the policy
 * "approvers use device-bound keys" needs the last.
 */
export const sql = /* sql */ `
ALTER TABLE console_sessions ADD COLUMN IF NOT EXISTS second_factor_method text;
`;
