/**
 * Webhook operations' limits and defaults (issue 63), without zod: the console's dialogs read them
 * in the browser, the schemas beside them check them.
 */

/** The longest range one replay may cover: 31 days. */
export const MAX_REPLAY_DAYS = 31;

/** Production endpoints are turned off after three days of only failures unless told otherwise (D9.15). */
export const DEFAULT_PRODUCTION_DISABLE_AFTER_HOURS = 72;
