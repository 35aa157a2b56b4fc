"use server";

import { z } from "@/lib/schemas/zod";
import { webhookReplaySchema } from "@/lib/schemas/webhook";
import * as api from "@/lib/settlement-api";
import { idSchema, mutationAction } from "@/lib/actions/action";

/** POST /v0/webhooks/{id}/replay (extension, issue 63): count a range (dry run), or send it again in order. */
export const replayWebhookRange = mutationAction({
  name: "replayWebhookRange",
  permission: "webhooks:manage",
  input: z.object({ id: idSchema, body: webhookReplaySchema }),
  run: ({ id, body }, { environment }) => api.replayWebhookRange(environment, id, body),
});
