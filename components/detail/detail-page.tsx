import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { describeError, type ActionResult } from "@/lib/dashboard/action-result";

/**
 * A resource page on the server: 404 for an unknown or malformed id, the header with its way
 * back, then the resource, or an error state when it could not be loaded.
 */
export function DetailPage<T>({
  result,
  back,
  title,
  titleOf,
  failedTitle,
  children,
}: {
  result: ActionResult<T>;
  /** Where "← label" leads, e.g. the list. */
  back: { href: string; label: string };
  /** The title while the resource could not be loaded (and once loaded, unless `titleOf` says otherwise). */
  title: string;
  titleOf?: (data: T) => string;
  /** The error state's title, e.g. "This payment could not be loaded". */
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (!result.ok && (result.error.code === "not_found" || result.error.code === "invalid_input")) notFound();
  const eyebrow = (
    <Link href={back.href} className="hover:text-slate-800">
      ← {back.label}
    </Link>
  );
  if (!result.ok) {
    return (
      <>
        <PageHeader eyebrow={eyebrow} title={title} />
        <ErrorState title={failedTitle} message={describeError(result.error)} />
      </>
    );
  }
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={titleOf ? titleOf(result.data) : title} />
      {children(result.data)}
    </>
  );
}
