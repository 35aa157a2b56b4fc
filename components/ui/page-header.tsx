import type { ReactNode } from "react";

export type PageHeaderProps = {
  title: string;
  /** One line: what this section is for. */
  description?: ReactNode;
  /** Buttons or links on the right (wrap below the title on narrow screens). */
  actions?: ReactNode;
  /** Small line above the title, e.g. a breadcrumb link. */
  eyebrow?: ReactNode;
};

export function PageHeader({ title, description, actions, eyebrow }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {eyebrow ? <div className="mb-1 text-sm text-slate-500">{eyebrow}</div> : null}
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere text-slate-900">{title}</h1>
        {description ? <p className="mt-1.5 max-w-2xl text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
