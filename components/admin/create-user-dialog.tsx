"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CreateDialog } from "@/components/forms/create-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { createUser } from "@/lib/people/actions/create-user";
import { createUserSchema, type CreateUserInput } from "@/lib/auth/forms";
import { ROLE_LABELS, ROLES } from "@/lib/auth/permissions";
import { OneTimeSecret } from "./one-time-secret";

const EMPTY: CreateUserInput = { email: "", name: "", role: "support" };
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: `${ROLE_LABELS[r].label}: ${ROLE_LABELS[r].summary}` }));
const resolver = zodResolver(createUserSchema);

/** Adds a person; on success shows their one-time password once, with a copy button. */
export function CreateUserDialog() {
  return (
    <CreateDialog
      id="create-user-form"
      trigger={
        <Button>
          <PlusIcon /> Add person
        </Button>
      }
      submitLabel="Add person"
      resolver={resolver}
      defaults={EMPTY}
      send={createUser}
      keep={(data) => ({ email: data.email, password: data.password })}
      words={(created) =>
        created
          ? { title: "Person added", description: `Give ${created.email} this password through a channel you trust.` }
          : {
              title: "Add a person",
              description: "They sign in with this email and a one-time password you will see next.",
            }
      }
      created={(created) => (
        <OneTimeSecret
          label="One-time password"
          value={created.password}
          note="Shown once. They must choose their own password when they first sign in."
        />
      )}
      fields={({ register, formState: { errors } }) => (
        <>
          <Field label="Email" error={errors.email?.message} required>
            {(p) => <Input {...p} {...register("email")} type="email" autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label="Name" error={errors.name?.message} required>
            {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
          </Field>
          <Field label="Role" error={errors.role?.message} required>
            {(p) => <Select {...p} {...register("role")} options={ROLE_OPTIONS} />}
          </Field>
        </>
      )}
    />
  );
}
