"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/sandbox/clock (extension): the account's sandbox time. */
export const getSandboxClock = readAction({
  name: "getSandboxClock",
  permission: "read",
  sandboxOnly: true,
  input: z.object({}).optional(),
  run: (_input, { environment }) => api.getSandboxClock(environment),
});
