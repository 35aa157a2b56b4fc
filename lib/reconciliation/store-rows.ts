import "server-only";
import { randomBytes } from "node:crypto";

/** Helpers every reconciliation table shares: ids, the month of a day, dates and numbers as rows give them. Decisions D24, migration 0036. */

export const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString("base64url")}`;
export const CHUNK = 1000;

/** The month a date falls in ("2026-11-30" → "2026-11"). */
export const periodOf = (day: string) => day.slice(0, 7);
export const dateText = (v: string | Date) => (typeof v === "string" ? v.slice(0, 10) : v.toISOString().slice(0, 10));
export const stamp = (v: string | Date) => (typeof v === "string" ? new Date(v).toISOString() : v.toISOString());
/** numeric as text without trailing zeros ("25.00" stays "25.00": PostgreSQL keeps the scale typed). */
export const num = (v: string | number) => String(v);
