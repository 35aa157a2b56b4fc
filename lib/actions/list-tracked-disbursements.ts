"use server";

import { z } from "@/lib/schemas/zod";
import { listRecordedDisbursements } from "@/lib/dashboard/store/disbursements";
import { getDatabase } from "@/lib/db/connection";
import { pageQuery } from "@/lib/schemas/list";
import { action } from "./action";

/** The disbursements created through this console in the current environment, newest first. */
export const listTrackedDisbursements = action({
  name: "listTrackedDisbursements",
  permission: "read",
  kind: "read",
  input: z.object(pageQuery),
  run: async ({ page, page_size }, { environment }) => {
    const { db } = await getDatabase();
    const data = await listRecordedDisbursements(db, environment, { page, pageSize: page_size });
    return { ok: true, data, status: 200, replayed: false };
  },
});
