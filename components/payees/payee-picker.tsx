"use client";

import { useEffect, useId, useState } from "react";
import { formatMinute } from "@/lib/dashboard/format-date";
import { Select } from "@/components/ui/select";
import type { PayeeView } from "@/lib/approvals/types";
import { railLabel } from "@/lib/dashboard/routes";

/**
 * "Pay a saved payee": picking one fills the form's destination. A payee still in its cooling-off
 * period is listed but cannot be picked, with when it becomes usable (the server refuses it too).
 */
export function PayeePicker({
  payees,
  onPick,
  className,
}: {
  payees: PayeeView[];
  onPick: (payee: PayeeView) => void;
  className?: string;
}) {
  const id = useId();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  const cooling = (p: PayeeView) => now === null || Date.parse(p.usableFrom) > now;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Saved payee
      </label>
      <p className="text-xs text-slate-500">Fills the destination below; or type one.</p>
      <Select
        id={id}
        className="mt-1.5"
        defaultValue=""
        data-testid="payee-picker"
        onChange={(e) => {
          const payee = payees.find((p) => p.id === e.target.value);
          if (payee) onPick(payee);
        }}
        options={[
          { value: "", label: "Choose a payee…" },
          ...payees.map((p) => ({
            value: p.id,
            label: `${p.name} · ${p.kind === "bank" ? `${p.currency} account ••••${p.address.replace(/\s/g, "").slice(-4)}` : `${p.currency}${p.chain ? ` on ${railLabel(p.chain)}` : ""}`}${cooling(p) ? ` (usable from ${formatMinute(p.usableFrom)})` : ""}`,
            disabled: cooling(p),
          })),
        ]}
      />
    </div>
  );
}
