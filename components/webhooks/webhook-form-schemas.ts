/**
 * The webhook dialogs' resolvers, with the service's schemas: loaded by the dialogs on their
 * first validation (lazyResolver), with zod, not with the Webhooks page.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { webhookCreateSchema, webhookEvents } from "@/lib/schemas/webhook";

/** New endpoint: the create body. */
export const createEndpointResolver = zodResolver(webhookCreateSchema);

/** PATCH events: the new list replaces the old one. */
export const editEventsSchema = z.object({ events: webhookEvents });
export const editEventsResolver = zodResolver(editEventsSchema);
