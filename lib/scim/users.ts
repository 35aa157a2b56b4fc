import "server-only";
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { queryRows, type Executor } from "@/lib/db/database";
import { ScimError } from "./errors";
import { listPage } from "./list-page";
import type { ScimFilter } from "./filter";
import { applyStanding } from "./standing";
import { shownName, type ScimUserFields } from "./user-fields";

export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

type Row = {
  id: string;
  email: string;
  name: string;
  scim_external_id: string | null;
  scim_active: boolean | null;
  created_at: string;
  updated_at: string;
  groups: Array<{ value: string; display: string }> | null;
};

const SELECT = sql`select u.id, u.email, u.name, u.scim_external_id, u.scim_active,
       to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
       to_char(u.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
       (select jsonb_agg(jsonb_build_object('value', g.id, 'display', g.display_name) order by g.display_name)
          from console_scim_members m join console_scim_groups g on g.id = m.group_id where m.user_id = u.id) as groups
  from console_users u`;

/** A person as SCIM shows them (RFC 7643 §4.1): never a password, a role or a session. */
export function toScimUser(row: Row, base: string) {
  const [given, ...family] = row.name.split(" ");
  return {
    schemas: [USER_SCHEMA],
    id: row.id,
    ...(row.scim_external_id ? { externalId: row.scim_external_id } : {}),
    userName: row.email,
    displayName: row.name,
    name: { formatted: row.name, givenName: given ?? "", familyName: family.join(" ") },
    emails: [{ value: row.email, type: "work", primary: true }],
    active: row.scim_active === true,
    groups: (row.groups ?? []).map((g) => ({ ...g, $ref: `${base}/Groups/${g.value}` })),
    meta: {
      resourceType: "User",
      created: row.created_at,
      lastModified: row.updated_at,
      location: `${base}/Users/${row.id}`,
    },
  };
}

/** The fields a PATCH starts from. */
export function fieldsOf(row: Row): ScimUserFields {
  const [given, ...family] = row.name.split(" ");
  return {
    userName: row.email,
    externalId: row.scim_external_id,
    displayName: row.name,
    givenName: given ?? null,
    familyName: family.join(" ") || null,
    active: row.scim_active === true,
  };
}

export async function findScimUser(db: Executor, directoryId: string, id: string): Promise<Row> {
  const rows = await queryRows<Row>(db, sql`${SELECT} where u.id = ${id} and u.scim_directory_id = ${directoryId}`);
  const row = rows[0];
  if (!row) throw new ScimError(404, `User ${id} not found`);
  return row;
}

/** A page of the directory's people, oldest first (the index on (scim_directory_id, created_at, id)). */
export async function listScimUsers(
  db: Executor,
  directoryId: string,
  filter: ScimFilter | null,
  page: { startIndex: number; count: number },
): Promise<{ total: number; rows: Row[] }> {
  const where = filter
    ? filter.attribute === "externalId"
      ? sql`and u.scim_external_id = ${filter.value}`
      : filter.attribute === "userName"
        ? sql`and u.email = ${filter.value.toLowerCase()}`
        : sql`and lower(u.name) = lower(${filter.value})`
    : sql``;
  return listPage<Row>(
    db,
    {
      from: sql`console_users u`,
      alias: "u",
      select: SELECT,
      where: sql`u.scim_directory_id = ${directoryId} ${where}`,
    },
    page,
  );
}

/**
 * Provisions a person: a console person with no password (they sign in once an administrator
 * gives them one, or through single sign-on), the directory's id for them, and
 * no role until a mapped group gives one (applyStanding). An email already in the console is a
 * 409 uniqueness: a directory never takes over a person an administrator added.
 */
export async function createScimUser(
  db: Executor,
  directory: { id: string; name: string },
  fields: ScimUserFields,
): Promise<string> {
  const taken = await queryRows<{ id: string }>(db, sql`select id from console_users where email = ${fields.userName}`);
  if (taken.length > 0)
    throw new ScimError(409, `userName: ${fields.userName} is already a person of the console`, "uniqueness");
  // Written in the request's transaction (a refusal later in it leaves no half-made person). The
  // credential has no password, so none signs them in, until an administrator gives one (which
  // sets it on this row, as for anyone) or single sign-on does.
  const id = randomUUID();
  await db.execute(
    sql`insert into console_users (id, name, email, email_verified, role, disabled, must_change_password,
                                   scim_directory_id, scim_external_id, scim_active)
        values (${id}, ${shownName(fields)}, ${fields.userName}, true, 'support', true, true,
                ${directory.id}, ${fields.externalId}, ${fields.active})`,
  );
  await db.execute(
    sql`insert into console_credentials (id, account_id, provider_id, user_id, password)
        values (${randomUUID()}, ${id}, 'credential', ${id}, null)`,
  );
  await applyStanding(db, id, directory.name);
  return id;
}

/** Writes a person's fields (PUT, or PATCH after applying it), then their standing. */
export async function saveScimUser(
  db: Executor,
  directory: { id: string; name: string },
  id: string,
  fields: ScimUserFields,
): Promise<void> {
  const taken = await queryRows<{ id: string }>(
    db,
    sql`select id from console_users where email = ${fields.userName} and id <> ${id}`,
  );
  if (taken.length > 0)
    throw new ScimError(409, `userName: ${fields.userName} is already a person of the console`, "uniqueness");
  await db.execute(
    sql`update console_users set email = ${fields.userName}, name = ${shownName(fields)},
               scim_external_id = ${fields.externalId}, scim_active = ${fields.active}, updated_at = now()
         where id = ${id} and scim_directory_id = ${directory.id}`,
  );
  await applyStanding(db, id, directory.name);
}

/**
 * DELETE: the person is deactivated, leaves the directory's groups and is no longer the
 * directory's (every later request for them is a 404, RFC 7644 §3.6); they stay in the console,
 * disabled, with their history (audit, approvals).
 */
export async function removeScimUser(db: Executor, directory: { id: string; name: string }, id: string): Promise<void> {
  await findScimUser(db, directory.id, id);
  await db.execute(sql`update console_users set scim_active = false, updated_at = now() where id = ${id}`);
  await db.execute(sql`delete from console_scim_members where user_id = ${id}`);
  await applyStanding(db, id, directory.name);
  await db.execute(sql`update console_users set scim_directory_id = null where id = ${id}`);
}
