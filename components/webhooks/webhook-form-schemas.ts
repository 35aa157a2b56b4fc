/**
 * The webhook dialogs' resolvers, with the service's schemas: loaded by the dialogs on their
 * first validation (lazyResolver), with zod, not with the Webhooks page.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "@/lib/schemas/zod";
import { webhookCreateSchema, webhookEvents } from "@/lib/schemas/webhook";

/** New endpoint: the create body, where an empty optional Description means none. */
export const createEndpointFormSchema = webhookCreateSchema.extend({
  description: z
    .string()
    .trim()
    .max(500, "Use at most 500 characters")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export const createEndpointResolver = zodResolver(createEndpointFormSchema);

/** PATCH events: the new list replaces the old one. */
export const editEventsSchema = z.object({ events: webhookEvents });
export const editEventsResolver = zodResolver(editEventsSchema);
