"use server";

import { z } from "@/lib/schemas/zod";
import * as api from "@/lib/settlement-api";
import { readAction, idSchema } from "@/lib/actions/action";

/** GET /v0/events/{id} (extension): one event as the API sent it. */
export const getEvent = readAction({
  name: "getEvent",
  permission: "read",
  input: z.object({ id: idSchema }),
  run: ({ id }, { environment }) => api.getEvent(environment, id),
});
