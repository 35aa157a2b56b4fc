"use server";

import { v1NotificationSchema } from "@/lib/schemas";
import * as api from "@/lib/settlement-api";
import { mutationAction } from "@/lib/actions/action";

/** POST /v1/payments/notifications: INCOMING_PAYMENT over WIRE moves CREATED → PROCESSING. */
export const notifyV1Payment = mutationAction({
  name: "notifyV1Payment",
  permission: "settlement:update",
  input: v1NotificationSchema,
  run: (body, { environment }) => api.notifyV1Payment(environment, body),
});
