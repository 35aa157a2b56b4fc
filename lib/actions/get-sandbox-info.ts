"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v0/sandbox/info: account, balances, supported routes, rate limit, server time. */
export const getSandboxInfo = action({
  name: "getSandboxInfo",
  permission: "read",
  kind: "read",
  sandboxOnly: true,
  input: z.object({}).optional(),
  run: (_input, { environment }) => api.getSandboxInfo(environment),
});
