"use server";

import * as api from "@/lib/settlement-api";
import { sandboxClockAdvanceSchema } from "@/lib/schemas/sandbox";
import { mutationAction } from "@/lib/actions/action";

/** POST /v0/sandbox/clock/advance (extension): expiries, late funds, rail steps and delivery attempts that became due happen now. */
export const advanceSandboxClock = mutationAction({
  name: "advanceSandboxClock",
  permission: "sandbox:simulate",
  sandboxOnly: true,
  input: sandboxClockAdvanceSchema,
  run: ({ seconds }, { environment }) => api.advanceSandboxClock(environment, seconds),
});
