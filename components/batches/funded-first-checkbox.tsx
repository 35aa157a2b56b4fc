/**
 * "It will be funded before it runs": the one sentence a person ticks to send a batch above the
 * balance (the production confirmation and the sandbox offer say it alike).
 */
export function FundedFirstCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-300"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      It will be funded before it runs
    </label>
  );
}
