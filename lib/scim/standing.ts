import "server-only";
import { sql } from "drizzle-orm";
import type { Role } from "@/lib/auth/permissions";
import { countOtherActiveAdmins, setDisabled, setRole } from "@/lib/auth/users";
import { queryRows, type Executor } from "@/lib/db/database";
import { cutOffPerson } from "@/lib/listen/cut-off";
import { ScimError } from "./errors";
import { publishAfterCommit } from "./stops-after-commit";

/** When a person's groups map to several roles, the first of these wins. */
export const ROLE_PRECEDENCE: readonly Role[] = ["admin", "finance", "developer", "support"];

export type Standing = { role: Role | null; active: boolean };

/**
 * Brings a provisioned person in line with their directory (issue 61): their role is the one the
 * administrator mapped to their groups (ROLE_PRECEDENCE when several), and they may sign in only
 * while the directory says active **and** a mapped group gives them a role: a person the directory
 * adds gets no role of its own choosing. Losing either ends every session of theirs at once (the
 * session is read on every request, on every instance), revokes their access tokens, ends their
 * `listen` streams, denies what they submitted that still waits for approval and withdraws their
 * approvals of what still waits. A change that would leave the console without an active
 * administrator is refused (409): the directory cannot lock the console out.
 */
export async function applyStanding(db: Executor, userId: string, by: string): Promise<Standing> {
  const [row] = await queryRows<{
    role: string;
    disabled: boolean;
    scim_active: boolean | null;
    roles: string[] | null;
  }>(
    db,
    sql`select u.role, u.disabled, u.scim_active,
               (select array_agg(distinct r.role) from console_scim_members mm
                  join console_scim_groups g on g.id = mm.group_id
                  join console_scim_role_maps r on r.directory_id = g.directory_id and lower(r.group_name) = lower(g.display_name)
                 where mm.user_id = u.id) as roles
          from console_users u where u.id = ${userId} and u.scim_directory_id is not null for update`,
  );
  if (!row) return { role: null, active: false };
  const role = ROLE_PRECEDENCE.find((r) => row.roles?.includes(r)) ?? null;
  const active = row.scim_active === true && role !== null;
  const losesAdmin = row.role === "admin" && !row.disabled && (!active || role !== "admin");
  if (losesAdmin && (await countOtherActiveAdmins(db, userId)) === 0)
    throw new ScimError(
      409,
      "The console's last active administrator cannot lose that role or be deactivated by the directory.",
      "mutability",
    );
  if (role && role !== row.role) {
    await setRole(db, userId, role);
    if (!row.disabled)
      await cutOffPerson(db, userId, `role changed by the directory (${by})`, { publish: publishAfterCommit });
  }
  if (active === row.disabled) {
    await setDisabled(db, userId, !active);
    if (!active) await endWhatTheyStarted(db, userId, by);
  }
  return { role, active };
}

async function endWhatTheyStarted(db: Executor, userId: string, by: string): Promise<void> {
  await cutOffPerson(db, userId, `deactivated by the directory (${by})`, { publish: publishAfterCommit });
  await db.execute(
    sql`update console_submissions
           set status = 'denied', denied_by = ${`directory:${by}`}, deny_reason = 'Its submitter was deactivated by the directory.', decided_at = now()
         where submitted_by = ${userId} and status = 'pending'`,
  );
  await db.execute(
    sql`delete from console_submission_approvals a using console_submissions s
         where a.submission_id = s.id and a.user_id = ${userId} and s.status = 'pending'`,
  );
}
