"use server";

import { creatorsOf } from "@/lib/disbursements/store";
import type { ListedDisbursement } from "@/lib/disbursements/types";
import { getDatabase } from "@/lib/db/connection";
import { disbursementListQuerySchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/disbursements (extension), each with the console user who created it, if one did. */
export const listDisbursements = readAction({
  name: "listDisbursements",
  permission: "read",
  input: disbursementListQuerySchema,
  run: async (query, { environment }) => {
    const result = await api.listDisbursements(environment, query);
    if (!result.ok) return result;
    const { db } = await getDatabase();
    const creators = await creatorsOf(
      db,
      environment,
      result.data.data.map((d) => d.id),
    );
    const data: ListedDisbursement[] = result.data.data.map((d) => ({ ...d, created_by: creators.get(d.id) ?? null }));
    return { ...result, data: { ...result.data, data } };
  },
});
