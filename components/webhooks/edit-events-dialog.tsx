"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { updateWebhook } from "@/lib/webhook-endpoints/actions/update-webhook";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import type { Webhook } from "@/lib/schemas/webhook";
import { EventsPicker } from "./events-picker";

type Schema = typeof import("./webhook-form-schemas").editEventsSchema;
type Values = z.input<Schema>;

/** { events: webhookEvents } (with zod), loaded on the first validation, not with the page. */
const resolver = lazyResolver<Values, unknown, z.output<Schema>>(() =>
  import("./webhook-form-schemas").then((m) => m.editEventsResolver),
);

/** PATCH events: the new list replaces the old one. */
export function EditEventsDialog({ environment, webhook }: { environment: Environment; webhook: Webhook }) {
  const [open, setOpen] = useState(false);
  const form = useForm<Values, unknown, z.output<Schema>>({ resolver, defaultValues: { events: webhook.events } });
  const update = useActionMutation({
    environment,
    action: updateWebhook,
    invalidate: [queryKeys.webhooks.all(environment)],
    success: (w) => `Now subscribed to ${w.events.length} event type${w.events.length === 1 ? "" : "s"}`,
  });
  const submit = form.handleSubmit((values) =>
    update.mutate({ id: webhook.id, body: { events: values.events } }, { onSuccess: () => setOpen(false) }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) resolver.preload();
        if (next) form.reset({ events: webhook.events });
      }}
      size="lg"
      trigger={
        <Button size="sm" variant="ghost">
          Edit events
        </Button>
      }
      title="Events of this endpoint"
      description={<span className="font-mono text-xs break-all">{webhook.url}</span>}
      footer={
        <DialogActions cancel="Cancel">
          <Button type="submit" form={`edit-events-${webhook.id}`} loading={update.isPending}>
            Save events
          </Button>
        </DialogActions>
      }
    >
      <form id={`edit-events-${webhook.id}`} onSubmit={submit} noValidate>
        <EventsPicker field={form.register("events")} error={form.formState.errors.events?.message} />
      </form>
    </Dialog>
  );
}
