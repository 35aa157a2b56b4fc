import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { buttonClasses } from "./button";
import { ChevronLeftIcon, ChevronRightIcon } from "./icons";

export type PaginationProps = {
  /** 1-indexed, as the API counts pages. */
  page: number;
  pageSize: number;
  /** Total rows, when the API tells us; otherwise pass hasNext. */
  total?: number;
  /** The API stopped counting at `total` (the request log and events lists count up to 10,000): shown as "10,000+". */
  totalCapped?: boolean;
  hasNext?: boolean;
  /** Link mode (works in server components): the href of a page, e.g. p => `?page=${p}`. */
  hrefFor?: (page: number) => string;
  /** Button mode (client components): called with the page to show. */
  onPageChange?: (page: number) => void;
  className?: string;
};

export function Pagination({
  page,
  pageSize,
  total,
  totalCapped,
  hasNext,
  hrefFor,
  onPageChange,
  className,
}: PaginationProps) {
  const lastPage = total !== undefined ? Math.max(1, Math.ceil(total / pageSize)) : undefined;
  const canPrev = page > 1;
  const canNext = lastPage !== undefined ? page < lastPage : Boolean(hasNext);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = total !== undefined ? Math.min(page * pageSize, total) : page * pageSize;

  return (
    <nav
      aria-label="Pagination"
      className={cn("flex items-center justify-between gap-4 py-3 text-sm text-slate-600", className)}
    >
      <p className="tabular-nums">
        {total !== undefined ? (
          <>
            <span className="font-medium text-slate-900">{from}</span>–
            <span className="font-medium text-slate-900">{to}</span> of{" "}
            <span className="font-medium text-slate-900">
              {totalCapped ? `${total.toLocaleString("en-US")}+` : total.toLocaleString("en-US")}
            </span>
          </>
        ) : (
          <>
            Page <span className="font-medium text-slate-900">{page}</span>
          </>
        )}
      </p>
      <div className="flex gap-2">
        <PageControl
          enabled={canPrev}
          target={page - 1}
          hrefFor={hrefFor}
          onPageChange={onPageChange}
          label="Previous page"
        >
          <ChevronLeftIcon /> Previous
        </PageControl>
        <PageControl
          enabled={canNext}
          target={page + 1}
          hrefFor={hrefFor}
          onPageChange={onPageChange}
          label="Next page"
        >
          Next <ChevronRightIcon />
        </PageControl>
      </div>
    </nav>
  );
}

function PageControl({
  enabled,
  target,
  hrefFor,
  onPageChange,
  label,
  children,
}: Pick<PaginationProps, "hrefFor" | "onPageChange"> & {
  enabled: boolean;
  target: number;
  label: string;
  children: ReactNode;
}) {
  const classes = buttonClasses({ variant: "secondary", size: "sm" });
  if (enabled && hrefFor) {
    return (
      <Link href={hrefFor(target)} className={classes} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      aria-label={label}
      disabled={!enabled}
      onClick={enabled && onPageChange ? () => onPageChange(target) : undefined}
    >
      {children}
    </button>
  );
}
