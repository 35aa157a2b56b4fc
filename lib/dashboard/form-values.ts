/**
 * Form values → wire values (browser-safe). Inputs hold "" for "not given"; the API wants the
 * field absent. Objects left with no fields are dropped too (an untouched optional address).
 */
export function dropEmpty(value: unknown): unknown {
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (Array.isArray(value)) return value.map(dropEmpty);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const cleaned = dropEmpty(v);
      if (cleaned === undefined) continue;
      if (
        cleaned !== null &&
        typeof cleaned === "object" &&
        !Array.isArray(cleaned) &&
        Object.keys(cleaned).length === 0
      )
        continue;
      out[k] = cleaned;
    }
    return out;
  }
  return value;
}

/** A fresh Idempotency-Key for one intended submission. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
