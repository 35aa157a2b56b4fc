"use client";

import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { FormAlert } from "@/components/forms/form-alert";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useToast } from "@/components/ui/toast";
import type { Environment } from "@/lib/schemas/catalog";
import { setRunwayFloor } from "@/lib/runway/actions/set-runway-floor";
import type { RunwayFloorInput } from "@/lib/runway/floor-form";

const resolver = lazyResolver<RunwayFloorInput>(() =>
  import("./floor-form-resolver").then((m) => m.runwayFloorResolver),
);

/** An administrator's floor for one currency in this environment: empty removes it. */
export function FloorForm({
  environment,
  currency,
  floor,
}: {
  environment: Environment;
  currency: RunwayFloorInput["currency"] | string;
  floor: string | null;
}) {
  const router = useRouter();
  const { toast } = useToast();
  const form = useForm<RunwayFloorInput>({
    resolver,
    defaultValues: { environment, currency: currency as RunwayFloorInput["currency"], amount: floor ?? "" },
  });
  const save = useActionForm({
    send: (values: RunwayFloorInput) => setRunwayFloor(values),
    onSuccess: (result) => {
      toast({
        title: result.data.floor === null ? `${currency} floor removed` : `${currency} floor saved`,
        tone: "success",
      });
      router.refresh();
    },
    onFields: (error) => applyServerErrors(error, form.setError, ["amount"]),
  });
  return (
    <form
      onSubmit={form.handleSubmit(save.submit)}
      noValidate
      className="flex flex-wrap items-end gap-3"
      data-testid={`runway-floor-form-${currency}`}
    >
      <Field
        label={`Floor in ${environment} (${currency})`}
        hint="Payouts that would go below it wait for an approval. Empty: no floor."
        error={form.formState.errors.amount?.message}
        className="min-w-0 flex-1 basis-56"
      >
        {(p) => <Input {...p} {...form.register("amount")} inputMode="decimal" autoComplete="off" placeholder="5000" />}
      </Field>
      <Button type="submit" variant="secondary" loading={save.pending}>
        Save floor
      </Button>
      <div className="basis-full">
        <FormAlert error={save.error} />
      </div>
    </form>
  );
}
