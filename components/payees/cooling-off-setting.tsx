"use client";

import { useRouter } from "next/navigation";
import { useId, useTransition } from "react";
import { useToast } from "@/components/ui/toast";
import { Select } from "@/components/ui/select";
import { setPayeeCoolingOff } from "@/lib/approvals/actions/set-payee-cooling-off";
import { COOLING_OFF_CHOICES } from "@/lib/approvals/payee-choices";
import type { Environment } from "@/lib/dashboard/environment-schema";

/** An administrator's choice of how long a new payee waits, for this environment. */
export function CoolingOffSetting({ environment, minutes }: { environment: Environment; minutes: number }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Cooling-off in {environment}
      </label>
      <Select
        id={id}
        className="w-40"
        disabled={pending}
        value={String(minutes)}
        onChange={(e) =>
          start(async () => {
            const result = await setPayeeCoolingOff({ environment, minutes: Number(e.target.value) });
            toast(
              result.ok
                ? { title: "Cooling-off period saved", tone: "success" }
                : { title: "Not saved", description: result.error.message, tone: "error" },
            );
            router.refresh();
          })
        }
        options={COOLING_OFF_CHOICES.map((c) => ({ value: String(c.minutes), label: c.label }))}
      />
    </div>
  );
}
