"use server";

import { z } from "@/lib/schemas/zod";
import { EVENT_TYPES } from "@/lib/state-machine/webhooks";
import * as api from "@/lib/settlement-api";
import { readAction } from "@/lib/actions/action";

/** GET /v0/events (extension): the newest events with their deliveries, by type or resource. */
export const listEvents = readAction({
  name: "listEvents",
  permission: "read",
  input: z
    .object({
      page_size: z.number().int().min(1).max(100).optional(),
      type: z.enum(EVENT_TYPES).optional(),
      resource_id: z.string().trim().min(1).max(64).optional(),
    })
    .optional(),
  run: (input, { environment }) => api.listEvents(environment, input ?? {}),
});
