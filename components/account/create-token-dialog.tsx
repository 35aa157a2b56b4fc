"use client";

import { OneTimeSecret } from "@/components/admin/one-time-secret";
import { CreateDialog } from "@/components/forms/create-dialog";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createAccessToken } from "@/lib/listen/actions/create-access-token";
import type { CreateAccessTokenInput } from "@/lib/auth/forms";
import { ListenQuickStart } from "./listen-quick-start";

/** createAccessTokenSchema (with zod), loaded on the first validation, not with the page. */
const resolver = lazyResolver<CreateAccessTokenInput>(() =>
  import("./token-form-schema").then((m) => m.createTokenResolver),
);

const DEFAULTS: CreateAccessTokenInput = { name: "", expires: "30d" };

/** Makes a personal access token for `settlement-console listen`; the token is shown once, with the two lines that use it. */
export function CreateTokenDialog({ origin }: { origin: string }) {
  return (
    <CreateDialog
      id="create-token-form"
      trigger={
        <Button>
          <PlusIcon /> Create token
        </Button>
      }
      submitLabel="Create token"
      resolver={resolver}
      defaults={DEFAULTS}
      send={createAccessToken}
      keep={(data) => data.token}
      words={(created) =>
        created
          ? {
              title: "Token created",
              description:
                "Copy it now. Keep it in a file (--token-file) or paste it into the first line below: never type it into a command.",
            }
          : {
              title: "Create a personal access token",
              description: "For settlement-console listen and trigger, in sandbox only.",
            }
      }
      created={(token) => (
        <div className="space-y-4">
          <OneTimeSecret
            label="Token"
            value={token}
            note="Shown once: the console keeps only a hash and the first 12 characters."
          />
          <ListenQuickStart origin={origin} />
        </div>
      )}
      fields={({ register, formState: { errors } }) => (
        <>
          <Field label="Name" hint="Where it lives, e.g. “work laptop”." error={errors.name?.message} required>
            {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
          </Field>
          <Field label="Expires in" error={errors.expires?.message} required>
            {(p) => (
              <Select
                {...p}
                {...register("expires")}
                options={[
                  { value: "7d", label: "7 days" },
                  { value: "30d", label: "30 days" },
                  { value: "90d", label: "90 days" },
                ]}
              />
            )}
          </Field>
        </>
      )}
    />
  );
}
