"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CreateDialog } from "@/components/forms/create-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createApiKey } from "@/lib/api-keys/actions/create-api-key";
import { createApiKeySchema, type CreateApiKeyInput } from "@/lib/auth/forms";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { OneTimeSecret } from "./one-time-secret";

const resolver = zodResolver(createApiKeySchema);

/** Creates a key for the console's account; the full key is shown once, then only its prefix. */
export function CreateApiKeyDialog({ environment }: { environment: Environment }) {
  return (
    <CreateDialog
      id="create-key-form"
      trigger={
        <Button>
          <PlusIcon /> Create key
        </Button>
      }
      submitLabel="Create key"
      resolver={resolver}
      defaults={{ environment, label: "" } satisfies CreateApiKeyInput}
      send={createApiKey}
      keep={(data) => ({ key: data.key, environment: data.environment })}
      words={(created) =>
        created
          ? {
              title: "Key created",
              description: `A ${created.environment} key for the settlement API. Store it in your secret manager now.`,
            }
          : {
              title: "Create an API key",
              description: "For a server of yours that calls the settlement API as this account.",
            }
      }
      created={(created) => (
        <OneTimeSecret
          label="API key"
          value={created.key}
          note="Shown once: the console keeps only a hash and the first 14 characters."
        />
      )}
      fields={(form) => (
        <>
          <Field label="Environment" error={form.formState.errors.environment?.message} required>
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
          <Field
            label="Label"
            hint="What uses this key, e.g. “billing server”."
            error={form.formState.errors.label?.message}
          >
            {(p) => <Input {...p} {...form.register("label")} autoComplete="off" />}
          </Field>
        </>
      )}
    />
  );
}
