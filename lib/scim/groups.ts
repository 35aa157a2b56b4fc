import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/database";
import { ScimError } from "./errors";
import { listPage } from "./list-page";
import type { ScimFilter } from "./filter";
import { applyStanding } from "./standing";
import { isObject, textOf } from "./user-fields";
import type { PatchOperation } from "./user-patch";

export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";

type Row = {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: string;
  updated_at: string;
  members: Array<{ value: string; display: string }> | null;
};

const SELECT = sql`select g.id, g.display_name, g.external_id,
       to_char(g.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
       to_char(g.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
       (select jsonb_agg(jsonb_build_object('value', u.id, 'display', u.email) order by u.email)
          from console_scim_members m join console_users u on u.id = m.user_id where m.group_id = g.id) as members
  from console_scim_groups g`;

export function toScimGroup(row: Row, base: string, withMembers = true) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    displayName: row.display_name,
    ...(withMembers
      ? { members: (row.members ?? []).map((m) => ({ ...m, $ref: `${base}/Users/${m.value}`, type: "User" })) }
      : {}),
    meta: {
      resourceType: "Group",
      created: row.created_at,
      lastModified: row.updated_at,
      location: `${base}/Groups/${row.id}`,
    },
  };
}

export async function findScimGroup(db: Executor, directoryId: string, id: string): Promise<Row> {
  const rows = await queryRows<Row>(db, sql`${SELECT} where g.id = ${id} and g.directory_id = ${directoryId}`);
  const row = rows[0];
  if (!row) throw new ScimError(404, `Group ${id} not found`);
  return row;
}

export async function listScimGroups(
  db: Executor,
  directoryId: string,
  filter: ScimFilter | null,
  page: { startIndex: number; count: number },
): Promise<{ total: number; rows: Row[] }> {
  const where = filter
    ? filter.attribute === "externalId"
      ? sql`and g.external_id = ${filter.value}`
      : sql`and lower(g.display_name) = lower(${filter.value})`
    : sql``;
  return listPage<Row>(
    db,
    {
      from: sql`console_scim_groups g`,
      alias: "g",
      select: SELECT,
      where: sql`g.directory_id = ${directoryId} ${where}`,
    },
    page,
  );
}

/** Member ids of a `members` value: an array of {value}; every one a person of this directory. */
async function memberIdsOf(db: Executor, directoryId: string, value: unknown): Promise<string[]> {
  if (!Array.isArray(value)) throw new ScimError(400, 'members: an array of {"value": <user id>}', "invalidValue");
  const ids = value.map((m, i) => {
    if (!isObject(m) || typeof m.value !== "string" || m.value === "")
      throw new ScimError(400, `members[${i}].value: a user id`, "invalidValue");
    return m.value;
  });
  if (ids.length === 0) return [];
  const known = await queryRows<{ id: string }>(
    db,
    sql`select id from console_users where scim_directory_id = ${directoryId}
           and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  const found = new Set(known.map((k) => k.id));
  const unknown = ids.find((id) => !found.has(id));
  if (unknown) throw new ScimError(400, `members: ${unknown} is not a user of this directory`, "invalidValue");
  return [...new Set(ids)];
}

function displayNameOf(value: unknown): string {
  const name = textOf(value, "displayName");
  if (!name) throw new ScimError(400, "displayName: required", "invalidValue");
  return name;
}

/** Creates a group (POST); a second group of the same name in the directory is a 409. */
export async function createScimGroup(
  db: Executor,
  directory: { id: string; name: string },
  body: unknown,
): Promise<string> {
  if (!isObject(body)) throw new ScimError(400, "body: a JSON object", "invalidSyntax");
  const name = displayNameOf(body.displayName);
  const members = body.members === undefined ? [] : await memberIdsOf(db, directory.id, body.members);
  const id = `grp_${randomBytes(9).toString("base64url")}`;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into console_scim_groups (id, directory_id, display_name, external_id)
        values (${id}, ${directory.id}, ${name}, ${textOf(body.externalId, "externalId")})
        on conflict do nothing returning id`,
  );
  if (rows.length === 0) throw new ScimError(409, `displayName: a group named ${name} exists`, "uniqueness");
  await setMembers(db, directory, id, members, []);
  return id;
}

/** PUT: the group's name and members are replaced. */
export async function replaceScimGroup(
  db: Executor,
  directory: { id: string; name: string },
  id: string,
  body: unknown,
): Promise<void> {
  if (!isObject(body)) throw new ScimError(400, "body: a JSON object", "invalidSyntax");
  const current = await findScimGroup(db, directory.id, id);
  const members = body.members === undefined ? [] : await memberIdsOf(db, directory.id, body.members);
  await rename(db, directory, current, displayNameOf(body.displayName), textOf(body.externalId, "externalId"));
  const before = (current.members ?? []).map((m) => m.value);
  await setMembers(db, directory, id, members, before);
}

/**
 * PATCH (RFC 7644 §3.5.2) as Okta and Entra ID send it: add or remove members (by a members
 * value, or by a path `members[value eq "<id>"]`), replace members, replace displayName (by path,
 * or as {"displayName": …} without one).
 */
export async function patchScimGroup(
  db: Executor,
  directory: { id: string; name: string },
  id: string,
  operations: PatchOperation[],
): Promise<void> {
  const current = await findScimGroup(db, directory.id, id);
  const before = (current.members ?? []).map((m) => m.value);
  let members = new Set(before);
  let name = current.display_name;
  let externalId = current.external_id;
  for (const [i, op] of operations.entries()) {
    const path = op.path?.toLowerCase() ?? null;
    const filtered = op.path ? /^members\[value eq "([^"]+)"\]$/i.exec(op.path) : null;
    if (filtered) {
      if (op.op !== "remove")
        throw new ScimError(400, `Operations[${i}].path: only remove takes a member filter`, "invalidPath");
      members.delete(filtered[1] ?? "");
    } else if (path === "members") {
      if (op.op === "remove" && op.value === undefined) members = new Set();
      else {
        const ids = await memberIdsOf(db, directory.id, op.value);
        if (op.op === "replace") members = new Set(ids);
        else for (const m of ids) op.op === "add" ? members.add(m) : members.delete(m);
      }
    } else if (path === "displayname") {
      if (op.op === "remove") throw new ScimError(400, "displayName: required, cannot be removed", "mutability");
      name = displayNameOf(op.value);
    } else if (path === "externalid") {
      externalId = op.op === "remove" ? null : textOf(op.value, "externalId");
    } else if (path === null) {
      if (!isObject(op.value)) throw new ScimError(400, `Operations[${i}].value: an object`, "invalidValue");
      if (op.value.displayName !== undefined) name = displayNameOf(op.value.displayName);
      if (op.value.externalId !== undefined) externalId = textOf(op.value.externalId, "externalId");
      if (op.value.members !== undefined) {
        const ids = await memberIdsOf(db, directory.id, op.value.members);
        if (op.op === "replace") members = new Set(ids);
        else for (const m of ids) members.add(m);
      }
    } else {
      throw new ScimError(400, `Operations[${i}].path: ${op.path} is not an attribute of a group`, "invalidPath");
    }
  }
  await rename(db, directory, current, name, externalId);
  await setMembers(db, directory, id, [...members], before);
}

export async function deleteScimGroup(
  db: Executor,
  directory: { id: string; name: string },
  id: string,
): Promise<void> {
  const current = await findScimGroup(db, directory.id, id);
  await db.execute(sql`delete from console_scim_groups where id = ${id}`);
  for (const userId of (current.members ?? []).map((m) => m.value)) await applyStanding(db, userId, directory.name);
}

async function rename(
  db: Executor,
  directory: { id: string; name: string },
  current: Row,
  name: string,
  externalId: string | null,
): Promise<void> {
  if (name === current.display_name && externalId === current.external_id) return;
  const clash = await queryRows<{ id: string }>(
    db,
    sql`select id from console_scim_groups where directory_id = ${directory.id} and lower(display_name) = lower(${name}) and id <> ${current.id}`,
  );
  if (clash.length > 0) throw new ScimError(409, `displayName: a group named ${name} exists`, "uniqueness");
  await db.execute(
    sql`update console_scim_groups set display_name = ${name}, external_id = ${externalId}, updated_at = now() where id = ${current.id}`,
  );
  // A new name may map to another role: everyone in it is judged again.
  if (name.toLowerCase() !== current.display_name.toLowerCase())
    for (const m of current.members ?? []) await applyStanding(db, m.value, directory.name);
}

/** Sets a group's members to `after` and judges again everyone who joined or left. */
async function setMembers(
  db: Executor,
  directory: { id: string; name: string },
  groupId: string,
  after: string[],
  before: string[],
): Promise<void> {
  const joined = after.filter((id) => !before.includes(id));
  const left = before.filter((id) => !after.includes(id));
  if (joined.length === 0 && left.length === 0) return;
  if (left.length > 0)
    await db.execute(
      sql`delete from console_scim_members where group_id = ${groupId}
             and user_id in (select jsonb_array_elements_text(${JSON.stringify(left)}::jsonb))`,
    );
  if (joined.length > 0)
    await db.execute(
      sql`insert into console_scim_members (group_id, user_id)
          select ${groupId}, x from jsonb_array_elements_text(${JSON.stringify(joined)}::jsonb) as x
          on conflict do nothing`,
    );
  await db.execute(sql`update console_scim_groups set updated_at = now() where id = ${groupId}`);
  for (const userId of [...joined, ...left]) await applyStanding(db, userId, directory.name);
}
