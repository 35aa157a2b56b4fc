"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { OneTimeSecret } from "@/components/admin/one-time-secret";
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
import { createAccessToken } from "@/lib/actions/create-access-token";
import type { CreateAccessTokenInput } from "@/lib/auth/forms";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { ListenQuickStart } from "./listen-quick-start";

/** createAccessTokenSchema (with zod), loaded on the first validation, not with the page. */
const resolver = lazyResolver<CreateAccessTokenInput>(() =>
  import("./token-form-schema").then((m) => m.createTokenResolver),
);

/** Makes a personal access token for `settlement-console listen`; the token is shown once, with the two lines that use it. */
export function CreateTokenDialog({ origin }: { origin: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const defaults: CreateAccessTokenInput = { name: "", expires: "30d" };
  const form = useForm<CreateAccessTokenInput>({
    resolver,
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  const action = useActionForm({
    send: (values: CreateAccessTokenInput) => createAccessToken(values),
    onSuccess: ({ data }) => setCreated(data.token),
    onFields: (error) => applyServerErrors(error, form.setError, ["name", "expires"]),
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

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button>
          <PlusIcon /> Create token
        </Button>
      }
      title={created ? "Token created" : "Create a personal access token"}
      description={
        created
          ? "Keep it in a file or your shell's environment, never on a command line."
          : "For settlement-console listen and trigger, in sandbox only."
      }
      footer={
        <CreateDialogFooter done={!!created} form="create-token-form" pending={action.pending} label="Create token" />
      }
    >
      {created ? (
        <div className="space-y-4">
          <OneTimeSecret
            label="Token"
            value={created}
            note="Shown once: the console keeps only a hash and the first 12 characters."
          />
          <ListenQuickStart origin={origin} token={created} />
        </div>
      ) : (
        <form id="create-token-form" onSubmit={form.handleSubmit(action.submit)} noValidate className="space-y-4">
          <Field label="Name" hint="Where it lives, e.g. “work laptop”." error={errors.name?.message} required>
            {(p) => <Input {...p} {...form.register("name")} autoComplete="off" />}
          </Field>
          <Field label="Expires in" error={errors.expires?.message} required>
            {(p) => (
              <Select
                {...p}
                {...form.register("expires")}
                options={[
                  { value: "7d", label: "7 days" },
                  { value: "30d", label: "30 days" },
                  { value: "90d", label: "90 days" },
                ]}
              />
            )}
          </Field>
          <FormAlert error={action.error} />
        </form>
      )}
    </Dialog>
  );
}
