"use server";

import { z } from "@/lib/schemas/zod";
import { webhookRedriveSchema } from "@/lib/schemas/webhook";
import * as api from "@/lib/settlement-api";
import { idSchema, mutationAction } from "@/lib/actions/action";

/** POST /v0/webhooks/{id}/dead-letters/redrive (extension, issue 63): the endpoint's dead letters, sent again. */
export const redriveDeadLetters = mutationAction({
  name: "redriveDeadLetters",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookRedriveSchema }),
  run: ({ id, body }, { environment }) => api.redriveDeadLetters(environment, id, body),
});
