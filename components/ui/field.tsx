import { useId, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { Label } from "./label";

/** What a Field hands to its control so label, hint and error are wired for assistive tech. */
export type FieldControlProps = {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  required: boolean | undefined;
};

export type FieldProps = {
  label: ReactNode;
  /** Short help under the label, read with the control. */
  hint?: ReactNode;
  /** Error text; marks the control aria-invalid and is announced. */
  error?: string;
  required?: boolean;
  /** Use your own id (otherwise one is generated). */
  id?: string;
  className?: string;
  /** Render prop: spread the props onto the control, e.g. `{(p) => <Input {...p} {...register("amount")} />}`. */
  children: (control: FieldControlProps) => ReactNode;
};

export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={controlId} required={required}>
        {label}
      </Label>
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        required,
      })}
      {error ? (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
