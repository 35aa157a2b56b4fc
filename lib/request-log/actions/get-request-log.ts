"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "@/lib/actions/action";

/** GET /v0/request-logs/{id} (extension): one call with its bodies, and where it went (for "Copy as curl"). */
export const getRequestLog = readAction({
  name: "getRequestLog",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: async ({ id }, { environment }) => {
    const result = await api.getRequestLog(environment, id);
    return result.ok
      ? { ...result, data: { ...result.data, base_url: api.connectionFor(environment).baseUrl } }
      : result;
  },
});
