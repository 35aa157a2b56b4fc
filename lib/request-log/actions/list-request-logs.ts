"use server";

import { z } from "@/lib/schemas/zod";
import { LOGGED_METHODS, STATUS_CLASSES } from "@/lib/schemas/request-log";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/request-logs (extension): the API calls of the console's account, filtered. */
export const listRequestLogs = readAction({
  name: "listRequestLogs",
  permission: "read",
  input: z
    .object({
      page_size: z.number().int().min(1).max(100).optional(),
      status: z.enum(STATUS_CLASSES).optional(),
      method: z.enum(LOGGED_METHODS).optional(),
      path: z.string().trim().min(1).max(512).optional(),
      idempotency_key: z.string().trim().min(1).max(255).optional(),
      resource_id: z.string().trim().min(1).max(64).optional(),
      user_agent_not: z.string().trim().min(1).max(64).optional(),
    })
    .optional(),
  run: (input, { environment }) => api.listRequestLogs(environment, input ?? {}),
});
