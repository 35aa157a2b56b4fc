"use server";

import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { consoleAction, refused } from "@/lib/actions/action";
import { revokeDirectory } from "../directories";

/** Revokes a directory's token: it provisions nothing more; the people it made stay as they are. */
export const revokeScimDirectory = consoleAction({
  name: "revokeScimDirectory",
  permission: "users:manage",
  input: z.object({ directoryId: z.string().regex(/^dir_[\w-]{12}$/, "Not a directory id") }),
  run: async ({ directoryId }) => {
    const { db } = await getDatabase();
    if (!(await revokeDirectory(db, directoryId)))
      return {
        ...refused("not_found", "No such directory, or it is already revoked."),
        audit: { targetId: directoryId },
      };
    return { ok: true, data: { directoryId }, audit: { targetId: directoryId, detail: "revoked" } };
  },
});
