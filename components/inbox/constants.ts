/** The tolerance the inbox checks timestamps with (lib/webhooks/signature.ts DEFAULT_TOLERANCE_SECONDS). */
export const DEFAULT_TOLERANCE = 300;
