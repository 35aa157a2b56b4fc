import { randomBytes, randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();
/** Event ids: evt_ + 24 random base64url characters. */
export const newEventId = (): string => `evt_${randomBytes(18).toString("base64url")}`;
/** A short random id with a readable prefix, for internal records. */
export const prefixedId = (prefix: string): string => `${prefix}_${randomBytes(12).toString("base64url")}`;
