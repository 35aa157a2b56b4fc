import { cn } from "@/lib/ui/cn";
import type { Environment } from "@/lib/dashboard/environment-schema";

/** The environment, impossible to miss: production is solid amber, sandbox a calm indigo outline. */
export function EnvironmentBadge({ environment, className }: { environment: Environment; className?: string }) {
  const production = environment === "production";
  return (
    <span
      data-testid="env-badge"
      data-environment={environment}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        production ? "bg-amber-400 text-amber-950 ring-amber-500" : "bg-accent-50 text-accent-700 ring-accent-200",
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", production ? "bg-amber-950" : "bg-accent-500")} />
      {production ? "Production" : "Sandbox"}
    </span>
  );
}
