import { ScimError } from "./errors";

/**
 * A person as a directory describes them (RFC 7643 §4.1), reduced to what the console keeps:
 * userName (their email, which they sign in with), externalId, a display name and given and
 * family names, and whether the directory says they are active. Pure: read from a POST or PUT
 * body (`fromBody`) or changed by a PATCH (`applyPatch`, user-patch.ts).
 */
export type ScimUserFields = {
  userName: string;
  externalId: string | null;
  displayName: string | null;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** userName: trimmed, lower-cased, an email address (the console signs people in by email). */
export function userNameOf(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new ScimError(400, "userName: required, a string", "invalidValue");
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email))
    throw new ScimError(
      400,
      `userName: an email address (people sign in with it), got ${JSON.stringify(value)}`,
      "invalidValue",
    );
  return email;
}

/** A boolean as directories send it: true/false, or Entra ID's "True"/"False". */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  throw new ScimError(400, `${attribute}: true or false, got ${JSON.stringify(value)}`, "invalidValue");
}

/** An optional string attribute: a string of at most `max` characters, or null when absent or null. */
export function textOf(value: unknown, attribute: string, max = 200): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string")
    throw new ScimError(400, `${attribute}: a string, got ${JSON.stringify(value)}`, "invalidValue");
  const text = value.trim();
  if (text.length > max) throw new ScimError(400, `${attribute}: at most ${max} characters`, "invalidValue");
  return text === "" ? null : text;
}

/** The fields of a POST or PUT body. Attributes the console does not keep are ignored. */
export function fromBody(body: unknown): ScimUserFields {
  if (!isObject(body)) throw new ScimError(400, "body: a JSON object", "invalidSyntax");
  const name = body.name === undefined || body.name === null ? {} : body.name;
  if (!isObject(name)) throw new ScimError(400, "name: an object", "invalidValue");
  return {
    userName: userNameOf(body.userName),
    externalId: textOf(body.externalId, "externalId"),
    displayName: textOf(body.displayName, "displayName") ?? textOf(name.formatted, "name.formatted"),
    givenName: textOf(name.givenName, "name.givenName"),
    familyName: textOf(name.familyName, "name.familyName"),
    active: body.active === undefined ? true : booleanOf(body.active, "active"),
  };
}

/** The name the console shows: the display name, else given and family names, else the email. */
export function shownName(fields: ScimUserFields): string {
  return (
    fields.displayName ??
    ([fields.givenName, fields.familyName].filter(Boolean).join(" ") || fields.userName)
  ).slice(0, 200);
}
