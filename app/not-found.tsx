import { Link } from "@/components/ui/link";
import { buttonClasses } from "@/components/ui/button";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main id="main" className="grid min-h-dvh place-items-center px-6">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-accent-600 tabular-nums">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-2 text-sm text-slate-600">
          There is nothing at this address. If you followed a link to a settlement request or payment, it may belong to
          the other environment.
        </p>
        <Link href="/" className={buttonClasses({ className: "mt-6" })}>
          Back to overview
        </Link>
      </div>
    </main>
  );
}
