"use server";

import { getDatabase } from "@/lib/db/connection";
import { z } from "@/lib/schemas/zod";
import { consoleAction } from "@/lib/actions/action";
import { createDirectory } from "../directories";

/** Connects a company's directory (SCIM): the answer carries its bearer token, shown once and stored only hashed. */
export const createScimDirectory = consoleAction({
  name: "createScimDirectory",
  permission: "users:manage",
  input: z.object({ name: z.string().trim().min(2, "Name the directory, e.g. Okta").max(60, "At most 60 characters") }),
  run: async ({ name }, { actor }) => {
    const { db } = await getDatabase();
    const made = await createDirectory(db, name, actor.email);
    return { ok: true, data: { id: made.id, name, token: made.token }, audit: { targetId: made.id, detail: name } };
  },
});
