import { ScimError } from "./errors";

/**
 * The filters identity providers send when they look a person or group up before creating it
 * (RFC 7644 §3.4.2.2): one attribute, `eq`, a quoted string (`userName eq "ana@example.com"`).
 * Attribute names are case-insensitive; values of userName and displayName compare
 * case-insensitively (caseExact false), externalId exactly. Anything else is refused with
 * invalidFilter, never read as "no filter" (that would answer with everyone).
 */
export type ScimFilter = { attribute: "userName" | "externalId" | "displayName"; value: string };

const ATTRIBUTES: Record<string, ScimFilter["attribute"]> = {
  username: "userName",
  externalid: "externalId",
  displayname: "displayName",
};

export function parseFilter(text: string | null, allowed: ReadonlyArray<ScimFilter["attribute"]>): ScimFilter | null {
  if (text === null || text.trim() === "") return null;
  const m = /^\s*([A-Za-z.:0-9]+)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(text);
  if (!m)
    throw new ScimError(
      400,
      `filter: only 'attribute eq "value"' is supported, got ${JSON.stringify(text)}`,
      "invalidFilter",
    );
  const name = (m[1] ?? "").replace(/^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i, "").toLowerCase();
  const attribute = ATTRIBUTES[name];
  if (!attribute || !allowed.includes(attribute))
    throw new ScimError(400, `filter: cannot filter on ${m[1]} (only ${allowed.join(", ")})`, "invalidFilter");
  return { attribute, value: (m[2] ?? "").replace(/\\(.)/g, "$1") };
}

/** startIndex (1-based, default 1) and count (default and at most 100) of a list (RFC 7644 §3.4.2.4). */
export function parsePage(params: URLSearchParams): { startIndex: number; count: number } {
  const number = (name: string, fallback: number) => {
    const raw = params.get(name);
    if (raw === null || raw === "") return fallback;
    if (!/^-?\d+$/.test(raw))
      throw new ScimError(400, `${name}: an integer, got ${JSON.stringify(raw)}`, "invalidValue");
    return Number(raw);
  };
  // Values below 1 are read as 1, and a negative count as 0, as the RFC says.
  return { startIndex: Math.max(1, number("startIndex", 1)), count: Math.min(100, Math.max(0, number("count", 100))) };
}
