import "server-only";
import type { Role } from "@/lib/auth/permissions";
import type { Executor } from "@/lib/db/database";
import { peopleInGroupNamed, setRoleMap } from "./directories";
import { applyStanding } from "./standing";

/**
 * An administrator maps a directory's group to a role, or removes the mapping (role null): every
 * person already in a group of that name is judged again at once (a role given, changed, or taken
 * away and with it their sessions). Run in one transaction by its action.
 */
export async function mapGroupToRole(
  db: Executor,
  directory: { id: string; name: string },
  groupName: string,
  role: Role | null,
): Promise<number> {
  await setRoleMap(db, directory.id, groupName, role);
  const people = await peopleInGroupNamed(db, directory.id, groupName);
  for (const userId of people) await applyStanding(db, userId, directory.name);
  return people.length;
}
