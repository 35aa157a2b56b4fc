import type { ReactNode } from "react";
import { ActorProvider, type ShellUser } from "@/components/auth/actor-context";
import type { ShellInfo } from "@/lib/dashboard/shell-info";
import { cn } from "@/lib/ui/cn";
import { AccountChip } from "./account-chip";
import { Brand } from "./brand";
import { EnvironmentSwitch } from "./environment-switch";
import { MobileMenu } from "./mobile-menu";
import { RouteFocus } from "./route-focus";
import { SidebarNav } from "./sidebar-nav";
import { TopBar } from "./top-bar";
import { UserMenu } from "./user-menu";

/** Sidebar (lg and up) or top bar with a menu (below lg), around the page content; `user` is who is signed in. */
export function AppShell({
  environment,
  accountName,
  apiBaseUrl,
  user,
  children,
}: ShellInfo & { user: ShellUser; children: ReactNode }) {
  const showAdmin = user.role === "admin";
  return (
    <ActorProvider user={user} environment={environment} apiBaseUrl={apiBaseUrl}>
      <RouteFocus />
      <div className="min-h-dvh lg:pl-64">
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
          <div className="flex h-14 shrink-0 items-center border-b border-slate-200 px-5">
            <Brand />
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-5">
            <SidebarNav showAdmin={showAdmin} />
          </div>
          <div
            className={cn(
              "shrink-0 border-t px-3 py-4",
              environment === "production" ? "border-amber-300 bg-amber-50" : "border-slate-200",
            )}
          >
            <EnvironmentSwitch environment={environment} />
          </div>
          <div className="shrink-0 border-t border-slate-200 px-3 py-3">
            <UserMenu user={user} />
          </div>
        </aside>

        <TopBar
          environment={environment}
          accountName={accountName}
          menu={
            <MobileMenu>
              <div className="space-y-6">
                <div className="px-3 sm:hidden">
                  <AccountChip accountName={accountName} />
                </div>
                <EnvironmentSwitch environment={environment} />
                <SidebarNav showAdmin={showAdmin} />
                <div className="border-t border-slate-200 pt-4">
                  <UserMenu user={user} />
                </div>
              </div>
            </MobileMenu>
          }
        />

        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 py-8 focus:outline-none sm:px-6 lg:px-10 lg:py-10"
        >
          {children}
        </main>
      </div>
    </ActorProvider>
  );
}
