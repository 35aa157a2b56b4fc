"use client";

import { CreateDialog } from "@/components/forms/create-dialog";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { recordExpectedSettlement } from "@/lib/reconciliation/actions/record-expected-settlement";
import { LateNoticeList } from "./late-notice-list";
import type { ExpectedInput } from "@/lib/reconciliation/expected-input";
import { CURRENCIES } from "@/lib/schemas/catalog";

const resolver = lazyResolver<ExpectedInput>(() => import("./expected-form-schema").then((m) => m.expectedResolver));

/** Records one expected settlement by hand: what, how much, when, from or to whom, and how close a payment must be. */
export function ExpectedSettlementDialog({ today }: { today: string }) {
  const defaults: ExpectedInput = {
    direction: "in",
    amount: "",
    currency: "USD",
    tolerance_abs: "0",
    tolerance_pct: "0",
    window_start: today,
    window_end: today,
    counterparty: "",
    reference: "",
  };
  return (
    <CreateDialog
      id="expected-form"
      trigger={
        <Button variant="secondary">
          <PlusIcon /> Expected settlement
        </Button>
      }
      submitLabel="Record it"
      resolver={resolver}
      defaults={defaults}
      send={recordExpectedSettlement}
      keep={(data) => data}
      words={(made) =>
        made
          ? { title: "Expected settlement recorded", description: "The next matching run looks for it." }
          : {
              title: "Record an expected settlement",
              description: "An invoice to be paid to you, or a bill you pay: matching finds the payment for it.",
            }
      }
      created={(made) => (
        <div className="space-y-2">
          <p className="text-sm text-slate-700" data-testid="expected-recorded">
            Recorded as <span className="font-mono">{made.id}</span>.
          </p>
          <LateNoticeList notices={made.late} />
        </div>
      )}
      fields={({ register, formState: { errors } }) => (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Direction" error={errors.direction?.message} required>
            {(p) => (
              <Select
                {...p}
                {...register("direction")}
                options={[
                  { value: "in", label: "In: an invoice paid to you" },
                  { value: "out", label: "Out: a bill you pay" },
                ]}
              />
            )}
          </Field>
          <Field label="Currency" error={errors.currency?.message} required>
            {(p) => (
              <Select {...p} {...register("currency")} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
            )}
          </Field>
          <Field label="Amount" error={errors.amount?.message} required>
            {(p) => (
              <Input {...p} {...register("amount")} inputMode="decimal" autoComplete="off" placeholder="1250.00" />
            )}
          </Field>
          <Field
            label="Reference"
            hint="The external_id, invoice number or tx hash it carries."
            error={errors.reference?.message}
          >
            {(p) => <Input {...p} {...register("reference")} autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label="Window start" error={errors.window_start?.message} required>
            {(p) => <Input {...p} {...register("window_start")} type="date" />}
          </Field>
          <Field label="Window end" error={errors.window_end?.message} required>
            {(p) => <Input {...p} {...register("window_end")} type="date" />}
          </Field>
          <Field
            label="Tolerance"
            hint="At least this much, in the currency (a wire fee)."
            error={errors.tolerance_abs?.message}
          >
            {(p) => <Input {...p} {...register("tolerance_abs")} inputMode="decimal" autoComplete="off" />}
          </Field>
          <Field
            label="Tolerance %"
            hint="Of the amount, when more than the tolerance."
            error={errors.tolerance_pct?.message}
          >
            {(p) => <Input {...p} {...register("tolerance_pct")} inputMode="decimal" autoComplete="off" />}
          </Field>
          <div className="sm:col-span-2">
            <Field
              label="Counterparty"
              hint="Who pays or is paid: used when there is no reference."
              error={errors.counterparty?.message}
            >
              {(p) => <Input {...p} {...register("counterparty")} autoComplete="off" />}
            </Field>
          </div>
        </div>
      )}
    />
  );
}
