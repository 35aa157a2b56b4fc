/**
 * Passkeys on a well-kept verifier (issue 61): the key as the verifier reads it (COSE, base64url;
 * keys kept as a JWK before stay readable), whether it is bound to one device or synced, and
 * whether it is backed up, recorded at registration and kept current at each use.
 */
export const sql = /* sql */ `
ALTER TABLE console_passkeys ALTER COLUMN public_key DROP NOT NULL;
ALTER TABLE console_passkeys ADD COLUMN IF NOT EXISTS cose_public_key text;
ALTER TABLE console_passkeys ADD COLUMN IF NOT EXISTS device_type text NOT NULL DEFAULT 'singleDevice';
ALTER TABLE console_passkeys ADD COLUMN IF NOT EXISTS backed_up boolean NOT NULL DEFAULT false;
`;
