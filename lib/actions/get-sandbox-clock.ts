"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { action } from "./action";

/** GET /v0/sandbox/clock (extension): the account's sandbox time. */
export const getSandboxClock = action({
  name: "getSandboxClock",
  permission: "read",
  kind: "read",
  sandboxOnly: true,
  input: z.object({}).optional(),
  run: (_input, { environment }) => api.getSandboxClock(environment),
});
