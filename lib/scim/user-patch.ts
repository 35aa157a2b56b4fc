import { ScimError } from "./errors";
import { booleanOf, isObject, textOf, type ScimUserFields, userNameOf } from "./user-fields";

export const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export type PatchOperation = { op: "add" | "replace" | "remove"; path: string | null; value: unknown };

/**
 * A PatchOp body's operations (RFC 7644 §3.5.2): `op` add, replace or remove in any case (Entra
 * ID sends "Replace"), a path or none. Malformed bodies are refused naming what is wrong.
 */
export function operationsOf(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw new ScimError(400, "body: a JSON object", "invalidSyntax");
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP))
    throw new ScimError(400, `schemas: must include ${PATCH_OP}`, "invalidSyntax");
  const list = body.Operations ?? body.operations;
  if (!Array.isArray(list) || list.length === 0)
    throw new ScimError(400, "Operations: a non-empty array", "invalidSyntax");
  if (list.length > 1000) throw new ScimError(400, "Operations: at most 1000", "tooMany");
  return list.map((raw, i) => {
    if (!isObject(raw)) throw new ScimError(400, `Operations[${i}]: an object`, "invalidSyntax");
    const op = typeof raw.op === "string" ? raw.op.toLowerCase() : "";
    if (op !== "add" && op !== "replace" && op !== "remove")
      throw new ScimError(
        400,
        `Operations[${i}].op: add, replace or remove, got ${JSON.stringify(raw.op)}`,
        "invalidSyntax",
      );
    if (raw.path !== undefined && typeof raw.path !== "string")
      throw new ScimError(400, `Operations[${i}].path: a string`, "invalidPath");
    const path = typeof raw.path === "string" && raw.path.trim() !== "" ? raw.path.trim() : null;
    if (op === "remove" && path === null)
      throw new ScimError(400, `Operations[${i}].path: required to remove`, "noTarget");
    if (op !== "remove" && raw.value === undefined)
      throw new ScimError(400, `Operations[${i}].value: required to ${op}`, "invalidValue");
    return { op, path, value: raw.value };
  });
}

const USER_SCHEMA_PREFIX = /^urn:ietf:params:scim:schemas:core:2\.0:User:/i;

/**
 * A person's fields after a PATCH. Paths the console keeps: active, userName, displayName,
 * externalId, name.givenName / name.familyName / name.formatted (or name as an object), and the
 * work email (`emails[type eq "work"].value`, which is also their userName). A path or attribute
 * the console does not keep (title, department, phone numbers…) is ignored, as directories send
 * their whole profile; a value of the wrong type for one it keeps is refused.
 */
export function applyUserPatch(current: ScimUserFields, operations: PatchOperation[]): ScimUserFields {
  const next = { ...current };
  const set = (attribute: string, value: unknown, remove: boolean) => {
    const key = attribute.replace(USER_SCHEMA_PREFIX, "").toLowerCase();
    switch (key) {
      case "active":
        if (remove) throw new ScimError(400, "active: cannot be removed; replace it with false", "mutability");
        next.active = booleanOf(value, "active");
        return;
      case "username":
        if (remove) throw new ScimError(400, "userName: required, cannot be removed", "mutability");
        next.userName = userNameOf(value);
        return;
      case "displayname":
        next.displayName = remove ? null : textOf(value, "displayName");
        return;
      case "externalid":
        next.externalId = remove ? null : textOf(value, "externalId");
        return;
      case "name.givenname":
        next.givenName = remove ? null : textOf(value, "name.givenName");
        return;
      case "name.familyname":
        next.familyName = remove ? null : textOf(value, "name.familyName");
        return;
      case "name.formatted":
        if (!next.displayName || remove) next.displayName = remove ? null : textOf(value, "name.formatted");
        return;
      case "name":
        if (remove) {
          next.givenName = null;
          next.familyName = null;
          return;
        }
        if (!isObject(value)) throw new ScimError(400, "name: an object", "invalidValue");
        for (const [k, v] of Object.entries(value)) set(`name.${k}`, v, false);
        return;
      case 'emails[type eq "work"].value':
      case "emails[primary eq true].value":
        if (!remove) next.userName = userNameOf(value);
        return;
      default:
        // Not kept by the console: ignored.
        return;
    }
  };
  for (const operation of operations) {
    if (operation.path !== null) {
      set(operation.path, operation.value, operation.op === "remove");
      continue;
    }
    // No path: the value is an object of attributes (Okta: {"active": false}; Entra: {"name.givenName": "Ana"}).
    if (!isObject(operation.value))
      throw new ScimError(400, "value: an object of attributes when there is no path", "invalidValue");
    for (const [attribute, value] of Object.entries(operation.value)) set(attribute, value, false);
  }
  return next;
}
