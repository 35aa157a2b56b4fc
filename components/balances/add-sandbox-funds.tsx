"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useCan } from "@/components/auth/actor-context";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { fundSandbox } from "@/lib/sandbox/actions/fund-sandbox";
import { ActionFailure, describeError } from "@/lib/dashboard/action-result";
import { formatMoney } from "@/lib/money/format";

/**
 * "Add funds" on the sandbox's Balances page (issue 59, decision D10.7): test money for a
 * rehearsal that spent its balance, one statement line ("Added in the sandbox"). Offered only
 * to those who may simulate in the sandbox.
 */
export function AddSandboxFunds({ currency }: { currency: "USDC" | "USDT" | "EURC" }) {
  const mayFund = useCan("sandbox:simulate");
  const router = useRouter();
  const [amount, setAmount] = useState("10000.00");
  const fund = useActionMutation({
    environment: "sandbox",
    action: fundSandbox,
    invalidate: [],
    success: (b) => `Added to the sandbox: ${formatMoney(b.available_balance, b.currency)} available now`,
  });
  if (!mayFund) return null;
  const failure = fund.error instanceof ActionFailure ? fund.error : null;
  const fieldError =
    failure?.details.find((d) => d.path === "amount")?.message ?? (failure ? describeError(failure) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    fund.mutate({ currency, amount }, { onSuccess: () => router.refresh() });
  };
  return (
    <form
      onSubmit={submit}
      className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4"
      data-testid="add-sandbox-funds"
    >
      <Field label={`Add ${currency} (test money)`} error={fieldError} className="w-full sm:w-56">
        {(control) => (
          <Input
            {...control}
            numeric
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" loading={fund.isPending}>
        Add funds
      </Button>
    </form>
  );
}
