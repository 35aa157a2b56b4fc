"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/sandbox/info: account, balances, supported routes, rate limit, server time. */
export const getSandboxInfo = readAction({
  name: "getSandboxInfo",
  permission: "read",
  sandboxOnly: true,
  input: z.object({}).optional(),
  run: (_input, { environment }) => api.getSandboxInfo(environment),
});
