import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Role } from "@/lib/auth/permissions";
import { queryRows, type Executor } from "@/lib/db/database";

/**
 * The directories that provision people (issue 61): each with a bearer token shown once when it
 * is made and kept only as its SHA-256, and the administrator's mapping of its groups to roles.
 */
export type Directory = {
  id: string;
  name: string;
  tokenHint: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  people: number;
  roleMaps: Array<{ groupName: string; role: Role }>;
};

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new directory and its token (`scim_` and 43 characters, 256 bits): the token is never read again. */
export async function createDirectory(db: Executor, name: string, by: string): Promise<{ id: string; token: string }> {
  const id = `dir_${randomBytes(9).toString("base64url")}`;
  const token = `scim_${randomBytes(32).toString("base64url")}`;
  await db.execute(
    sql`insert into console_scim_directories (id, name, token_sha256, token_hint, created_by)
        values (${id}, ${name}, ${sha256(token)}, ${token.slice(-4)}, ${by})`,
  );
  return { id, token };
}

/** The directory a bearer token belongs to, if it is not revoked; notes when it was last used. */
export async function directoryOfToken(db: Executor, token: string): Promise<{ id: string; name: string } | null> {
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`update console_scim_directories set last_used_at = now()
         where token_sha256 = ${sha256(token)} and revoked_at is null
         returning id, name`,
  );
  return rows[0] ?? null;
}

export async function listDirectories(db: Executor): Promise<Directory[]> {
  const rows = await queryRows<{
    id: string;
    name: string;
    token_hint: string;
    created_by: string;
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
    people: number;
    role_maps: Array<{ groupName: string; role: Role }> | null;
  }>(
    db,
    sql`select d.id, d.name, d.token_hint, d.created_by, d.created_at::text, d.last_used_at::text, d.revoked_at::text,
               (select count(*)::int from console_users u where u.scim_directory_id = d.id) as people,
               (select jsonb_agg(jsonb_build_object('groupName', m.group_name, 'role', m.role) order by lower(m.group_name))
                  from console_scim_role_maps m where m.directory_id = d.id) as role_maps
          from console_scim_directories d order by d.created_at desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    tokenHint: r.token_hint,
    createdBy: r.created_by,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
    people: r.people,
    roleMaps: r.role_maps ?? [],
  }));
}

/** Revokes a directory's token: its next request is refused. What it provisioned stays. */
export async function revokeDirectory(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update console_scim_directories set revoked_at = now() where id = ${id} and revoked_at is null returning id`,
  );
  return rows.length > 0;
}

/** Maps a group (by its display name, any case) to a role, or removes the mapping (role null). */
export async function setRoleMap(
  db: Executor,
  directoryId: string,
  groupName: string,
  role: Role | null,
): Promise<void> {
  await db.execute(
    sql`delete from console_scim_role_maps where directory_id = ${directoryId} and lower(group_name) = lower(${groupName})`,
  );
  if (role)
    await db.execute(
      sql`insert into console_scim_role_maps (directory_id, group_name, role) values (${directoryId}, ${groupName}, ${role})`,
    );
}

/** The people of a directory whose groups' mapping changes with this group name. */
export async function peopleInGroupNamed(db: Executor, directoryId: string, groupName: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select m.user_id from console_scim_members m join console_scim_groups g on g.id = m.group_id
         where g.directory_id = ${directoryId} and lower(g.display_name) = lower(${groupName})`,
  );
  return rows.map((r) => r.user_id);
}

/** Each provisioned person's directory and whether it says they are active (the People page's status). */
export async function provisionedPeople(db: Executor): Promise<Map<string, { directory: string; active: boolean }>> {
  const rows = await queryRows<{ id: string; directory: string; active: boolean | null }>(
    db,
    sql`select u.id, d.name as directory, u.scim_active as active
          from console_users u join console_scim_directories d on d.id = u.scim_directory_id`,
  );
  return new Map(rows.map((r) => [r.id, { directory: r.directory, active: r.active === true }]));
}
