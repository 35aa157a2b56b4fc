import { buttonClasses } from "@/components/ui/button";
import { Link } from "@/components/ui/link";

export const metadata = { title: "Page not found" };

/**
 * Not found inside the console (a request, a batch, a submission of another environment): the
 * shell's own <main> holds it, so this is no second one (issue 59: three axe findings).
 */
export default function DashboardNotFound() {
  return (
    <div className="grid min-h-[60dvh] place-items-center px-6" data-testid="not-found">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-accent-600 tabular-nums">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-2 text-sm text-slate-600">
          There is nothing at this address. If you followed a link to a settlement request, a payment, a batch or a
          submission, it may belong to the other environment: switch environment in the sidebar.
        </p>
        <Link href="/" className={buttonClasses({ className: "mt-6" })}>
          Back to overview
        </Link>
      </div>
    </div>
  );
}
