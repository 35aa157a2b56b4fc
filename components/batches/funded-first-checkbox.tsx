import { Checkbox } from "@/components/ui/checkbox";

/**
 * "It will be funded before it runs": the one sentence a person ticks to send a batch above the
 * balance (the production confirmation and the sandbox offer say it alike).
 */
export function FundedFirstCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox checked={checked} onChange={onChange}>
      It will be funded before it runs
    </Checkbox>
  );
}
