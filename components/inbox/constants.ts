/** The tolerance the inbox checks timestamps with (lib/crypto/webhook-signature.ts DEFAULT_TOLERANCE_SECONDS). */
export const DEFAULT_TOLERANCE = 300;
