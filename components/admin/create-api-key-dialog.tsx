"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { CreateDialogFooter } from "@/components/forms/create-dialog-footer";
import { FormAlert } from "@/components/forms/form-alert";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createApiKey } from "@/lib/actions/create-api-key";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/auth/forms";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { OneTimeSecret } from "./one-time-secret";

/** Creates a key for the console's account; the full key is shown once, then only its prefix. */
export function CreateApiKeyDialog({ environment }: { environment: Environment }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<{ key: string; environment: Environment } | null>(null);
  const defaults: CreateApiKeyInput = { environment, label: "" };
  const form = useForm<CreateApiKeyInput>({ resolver: zodResolver(createApiKeySchema), defaultValues: defaults });
  const { errors } = form.formState;

  const action = useActionForm({
    send: (values: CreateApiKeyInput) => createApiKey(values),
    onSuccess: ({ data }) => setCreated({ key: data.key, environment: data.environment }),
    onFields: (error) => applyServerErrors(error, form.setError, ["environment", "label"]),
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setCreated(null);
      action.reset();
      form.reset(defaults);
      router.refresh();
    }
  }

  const submit = form.handleSubmit(action.submit);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button>
          <PlusIcon /> Create key
        </Button>
      }
      title={created ? "Key created" : "Create an API key"}
      description={
        created
          ? `A ${created.environment} key for the settlement API. Store it in your secret manager now.`
          : "For a server of yours that calls the settlement API as this account."
      }
      footer={
        <CreateDialogFooter done={!!created} form="create-key-form" pending={action.pending} label="Create key" />
      }
    >
      {created ? (
        <OneTimeSecret
          label="API key"
          value={created.key}
          note="Shown once: the console keeps only a hash and the first 14 characters."
        />
      ) : (
        <form id="create-key-form" onSubmit={submit} noValidate className="space-y-4">
          <Field label="Environment" error={errors.environment?.message} required>
            {(p) => (
              <Select
                {...p}
                {...form.register("environment")}
                options={[
                  { value: "sandbox", label: "Sandbox (sk_test_…)" },
                  { value: "production", label: "Production (sk_live_…)" },
                ]}
              />
            )}
          </Field>
          <Field label="Label" hint="What uses this key, e.g. “billing server”." error={errors.label?.message}>
            {(p) => <Input {...p} {...form.register("label")} autoComplete="off" />}
          </Field>
          <FormAlert error={action.error} />
        </form>
      )}
    </Dialog>
  );
}
