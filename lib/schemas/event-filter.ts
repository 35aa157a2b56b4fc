/**
 * An endpoint's payload condition (issue 63, decisions D9.16), without zod: the console checks a
 * condition as it is typed, the service when it is saved, and the preview and a replay apply it;
 * all read it here (the fan-out applies the same rule in SQL: store/events.ts passesFilter).
 *
 *   condition := clause ( "and" clause )*
 *   clause    := path ( "=" | "!=" ) value
 *   path      := "data" ( "." key )+        key: letters, digits and _, not starting with a digit
 *   value     := a JSON string, number, true, false or null
 *
 * `=` holds when the value at the path equals the value (numbers by value: 10 = 10.0); a path the
 * data does not have equals nothing, so `!=` holds there.
 */

export type FilterValue = string | number | boolean | null;
export interface FilterClause {
  path: string[];
  op: "eq" | "ne";
  value: FilterValue;
}

export const MAX_FILTER_LENGTH = 500;
export const MAX_FILTER_CLAUSES = 10;
const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CLAUSE = /^\s*(data(?:\.[^\s=!]+)+)\s*(=|!=)\s*(.+?)\s*$/s;

/** The clauses of a condition, or what is wrong with it (in words a person can act on). */
export function parseEventFilter(text: string): { ok: true; clauses: FilterClause[] } | { ok: false; message: string } {
  const parts = splitOnAnd(text.trim());
  if (parts.length === 0 || (parts.length === 1 && parts[0]?.trim() === ""))
    return { ok: false, message: 'Write a condition such as data.destination.currency = "EUR"' };
  if (parts.length > MAX_FILTER_CLAUSES) return { ok: false, message: `At most ${MAX_FILTER_CLAUSES} clauses` };
  const clauses: FilterClause[] = [];
  for (const [i, part] of parts.entries()) {
    const where = parts.length > 1 ? `Clause ${i + 1}: ` : "";
    const m = CLAUSE.exec(part);
    if (!m)
      return {
        ok: false,
        message: `${where}must read path = value or path != value, the path starting with data. (for example data.status = "SETTLEMENT_COMPLETED")`,
      };
    const [, rawPath = "", op, rawValue = ""] = m;
    const path = rawPath.split(".").slice(1);
    const bad = path.find((key) => !KEY.test(key));
    if (bad !== undefined) return { ok: false, message: `${where}"${bad}" is not a field name (letters, digits, _)` };
    let value: unknown;
    try {
      value = JSON.parse(rawValue);
    } catch {
      return {
        ok: false,
        message: `${where}${rawValue} is not a value: quote text ("EUR"), or write a number, true, false or null`,
      };
    }
    if (value !== null && !["string", "number", "boolean"].includes(typeof value))
      return {
        ok: false,
        message: `${where}compare with one value (text, a number, true, false or null), not a list or object`,
      };
    clauses.push({ path, op: op === "!=" ? "ne" : "eq", value: value as FilterValue });
  }
  return { ok: true, clauses };
}

/** Splits on the word `and` outside quoted strings. */
function splitOnAnd(text: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"' && text[i - 1] !== "\\") quoted = !quoted;
    const joiner = !quoted && /\s/.test(ch ?? "") ? /^\s+and(?:\s+|$)/i.exec(text.slice(i)) : null;
    if (joiner) {
      parts.push(current);
      current = "";
      i += joiner[0].length - 1;
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts;
}

/** Whether an event's data passes the clauses (all of them): the same rule the fan-out applies in SQL. */
export function eventPassesFilter(clauses: readonly FilterClause[], data: unknown): boolean {
  return clauses.every((c) => {
    let at: unknown = data;
    for (const key of c.path) {
      if (at === null || typeof at !== "object" || Array.isArray(at) || !(key in at)) {
        at = undefined;
        break;
      }
      at = (at as Record<string, unknown>)[key];
    }
    const equal =
      at !== undefined && (typeof at === "number" && typeof c.value === "number" ? at === c.value : at === c.value);
    return c.op === "eq" ? equal : !equal;
  });
}
