"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { FormApiCallPreview } from "@/components/forms/form-api-call-preview";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { TextField } from "@/components/forms/form-fields";
import { CreateDialogFooter } from "@/components/forms/create-dialog-footer";
import { FormAlert } from "@/components/forms/form-alert";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { useActionForm } from "@/components/forms/use-action-form";
import { OneTimeSecret } from "@/components/admin/one-time-secret";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { PlusIcon } from "@/components/ui/icons";
import { createWebhook } from "@/lib/webhook-endpoints/actions/create-webhook";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { InboxSummary } from "@/lib/inbox/types";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { Webhook, WebhookCreate, WebhookCreateInput } from "@/lib/schemas/webhook";
import { EventsPicker } from "./events-picker";
import { KeepSecretInInbox } from "./keep-secret";

/** webhookCreateSchema (with zod), loaded on the first validation, not with the page. */
const resolver = lazyResolver<WebhookCreateInput, unknown, WebhookCreate>(() =>
  import("./webhook-form-schemas").then((m) => m.createEndpointResolver),
);

/** The body sent: an empty optional description is left out. */
const toBody = (values: WebhookCreateInput): WebhookCreateInput => ({
  ...values,
  description: values.description || undefined,
});

const DEFAULTS: WebhookCreateInput = {
  url: "",
  events: ["settlement_request.created", "settlement_request.updated"],
  description: "",
};

/** Create an endpoint; on success the same dialog shows its secret, once. */
export function CreateEndpointDialog({ environment, inboxes }: { environment: Environment; inboxes: InboxSummary[] }) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Webhook | null>(null);
  const queryClient = useQueryClient();
  const form = useForm<WebhookCreateInput, unknown, WebhookCreate>({ resolver, defaultValues: DEFAULTS });
  const { handleSubmit, register, setError, reset, formState } = form;
  const create = useActionForm({
    watch: form.watch,
    // The dialog itself is the explicit step: production is confirmed by submitting it.
    send: (values: WebhookCreate) =>
      createWebhook(toBody(values), { environment, confirmProduction: environment === "production" }),
    onSuccess: async ({ data }) => {
      setCreated(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all(environment) });
    },
    onFields: (error) => applyServerErrors(error, setError, ["url", "events", "description"]),
  });

  const submit = handleSubmit(create.submit);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) resolver.preload();
    if (!next) {
      // The secret is gone from the page once the dialog closes.
      setCreated(null);
      create.reset();
      reset(DEFAULTS);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      trigger={
        <Button>
          <PlusIcon className="size-4" /> New endpoint
        </Button>
      }
      title={created ? "Endpoint created" : "New webhook endpoint"}
      description={
        created
          ? "Copy the signing secret now: it is shown this once."
          : "Deliveries are POSTed to this URL, signed with the endpoint's secret."
      }
      footer={
        <CreateDialogFooter done={!!created} form="create-endpoint" pending={create.pending} label="Create endpoint" />
      }
    >
      {created?.secret ? (
        <div className="space-y-4" data-testid="endpoint-secret">
          <p className="text-sm text-slate-700">
            <span className="font-mono text-xs">{created.url}</span> receives {created.events.length} event type
            {created.events.length === 1 ? "" : "s"}.
          </p>
          <OneTimeSecret
            label="Signing secret"
            value={created.secret}
            note="Verify each delivery's X-Service-Signature with it. It cannot be shown again; a lost secret means a new endpoint."
          />
          <KeepSecretInInbox
            environment={environment}
            inboxes={inboxes}
            endpointUrl={created.url}
            webhookId={created.id}
            secret={created.secret}
          />
        </div>
      ) : (
        <FormProvider {...form}>
          <form id="create-endpoint" onSubmit={submit} noValidate className="space-y-4">
            <TextField<WebhookCreateInput>
              name="url"
              label="URL"
              required
              placeholder="https://example.com/webhooks/settlement"
              hint={
                environment === "sandbox"
                  ? "Sandbox may target local receivers (http://localhost…, this console's inbox)."
                  : "Production: https to a public address."
              }
            />
            <EventsPicker field={register("events")} error={formState.errors.events?.message} />
            <TextField<WebhookCreateInput> name="description" label="Description" placeholder="Optional" />
            <FormAlert error={create.error} pending={create.pending} pendingText="Creating the endpoint…" titled />
            <FormApiCallPreview control={form.control} toCall={(v) => apiCalls.createWebhook(toBody(v))} />
          </form>
        </FormProvider>
      )}
    </Dialog>
  );
}
