/**
 * The metadata limits of lib/schemas/common.ts, for the browser without zod: importing them
 * from there would ship zod and the schemas with the builder's first load. Typed as the
 * schema's own literal constants, so the two cannot drift: a change there fails `tsc` here.
 */
import type * as Common from "@/lib/schemas/common";

export const METADATA_MAX_KEYS: typeof Common.METADATA_MAX_KEYS = 50;
export const METADATA_MAX_KEY_LENGTH: typeof Common.METADATA_MAX_KEY_LENGTH = 40;
export const METADATA_MAX_VALUE_LENGTH: typeof Common.METADATA_MAX_VALUE_LENGTH = 500;
