"use server";

import { ROLES } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { consoleAction, refused } from "@/lib/actions/action";
import { listDirectories } from "../directories";
import { ScimError } from "../errors";
import { mapGroupToRole } from "../map-role";
import { withStopsAfterCommit } from "../stops-after-commit";

/**
 * Maps a directory's group (by name) to a role, or removes the mapping (role "none"): the people
 * in it are judged again at once. Refused, with nothing changed, when it would leave the console
 * without an active administrator.
 */
export const mapScimGroup = consoleAction({
  name: "mapScimGroup",
  permission: "users:manage",
  input: z.object({
    directoryId: z.string().regex(/^dir_[\w-]{12}$/, "Not a directory id"),
    groupName: z.string().trim().min(1, "The group's name as the directory sends it").max(200),
    role: z.enum([...ROLES, "none"], { error: "A role, or none" }),
  }),
  run: async ({ directoryId, groupName, role }) => {
    const { db } = await getDatabase();
    const directory = (await listDirectories(db)).find((d) => d.id === directoryId && !d.revokedAt);
    const audit = { targetId: directoryId, detail: `${groupName} → ${role}` };
    if (!directory) return { ...refused("not_found", "No such directory, or it is revoked."), audit };
    try {
      const judged = await withStopsAfterCommit(() =>
        db.transaction((tx) => mapGroupToRole(tx, directory, groupName, role === "none" ? null : role)),
      );
      return { ok: true, data: { directoryId, groupName, role, people: judged }, audit };
    } catch (error) {
      if (error instanceof ScimError) return { ...refused("last_admin", error.detail), audit };
      throw error;
    }
  },
});
