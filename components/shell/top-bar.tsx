import type { ReactNode } from "react";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { cn } from "@/lib/ui/cn";
import { AccountChip } from "./account-chip";
import { Brand } from "./brand";
import { SearchLauncher } from "@/components/search/search-launcher";
import { EnvironmentBadge } from "./environment-badge";

/** Sticky bar above every page: environment (amber in production) and account; on narrow screens also brand and menu. */
export function TopBar({
  environment,
  accountName,
  menu,
}: {
  environment: Environment;
  accountName: string | null;
  menu: ReactNode;
}) {
  const production = environment === "production";
  return (
    <header
      className={cn(
        "sticky top-0 z-20 border-b backdrop-blur",
        production ? "border-amber-300 bg-amber-50/95" : "border-slate-200 bg-white/90",
      )}
    >
      {production ? <div aria-hidden="true" className="h-1 bg-amber-400" /> : null}
      <div className="relative flex h-14 items-center gap-3 px-4 sm:px-6 lg:px-10">
        {menu}
        <div className="lg:hidden">
          <Brand />
        </div>
        <div className="ml-auto flex min-w-0 items-center gap-3 lg:ml-0">
          <EnvironmentBadge environment={environment} />
          <p
            className={cn(
              "hidden truncate text-sm md:block",
              production ? "font-medium text-amber-900" : "text-slate-500",
            )}
          >
            {production ? "Live: actions here move real funds." : "Test data: nothing here moves real money."}
          </p>
        </div>
        <div className="shrink-0 lg:ml-auto">
          <SearchLauncher />
        </div>
        <div className="hidden shrink-0 sm:block">
          <AccountChip accountName={accountName} />
        </div>
      </div>
    </header>
  );
}
