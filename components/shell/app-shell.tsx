import type { ReactNode } from "react";
import { ActorProvider, type ShellUser } from "@/components/auth/actor-context";
import type { ShellInfo } from "@/lib/page-data/shell-info";
import { cn } from "@/lib/ui/cn";
import { AccountChip } from "./account-chip";
import { Brand } from "./brand";
import { EnvironmentSwitch } from "./environment-switch";
import { MobileMenu } from "./mobile-menu";
import { RouteFocus } from "./route-focus";
import { SidebarNav } from "./sidebar-nav";
import { TopBar } from "./top-bar";
import { UserMenu } from "./user-menu";

/**
 * The empty element that closes the page content. The document's head asks the browser not to
 * paint before it has parsed this far (`<link rel="expect" blocking="render">`), so a page's first
 * frame shows the sidebar and the content together: without it, a new tab painted the half-parsed
 * page once (a full style and layout, with the fonts' first look-ups) and then again with the rest,
 * and a list's rows reached the screen ~150 ms later (decision D16.8). A page that streams its data
 * has its skeleton before this element, so the wait is never for the API. Parsed this way only on
 * a full page load; React's client navigations ignore it.
 */
const MAIN_END_ID = "main-end";

/** Sidebar (lg and up) or top bar with a menu (below lg), around the page content; `user` is who is signed in. */
export function AppShell({
  environment,
  accountName,
  apiBaseUrl,
  user,
  awaitingApprovals = 0,
  children,
}: ShellInfo & { user: ShellUser; awaitingApprovals?: number; children: ReactNode }) {
  const showAdmin = user.role === "admin";
  return (
    <ActorProvider user={user} environment={environment} apiBaseUrl={apiBaseUrl}>
      {/* React hoists this into <head>: see MAIN_END_ID. */}
      <link rel="expect" href={`#${MAIN_END_ID}`} blocking="render" />
      <RouteFocus />
      <div className="min-h-dvh lg:pl-64">
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
          <div className="flex h-14 shrink-0 items-center border-b border-slate-200 px-5">
            <Brand />
          </div>
          <div className="flex-1 overflow-y-auto px-3 py-5">
            <SidebarNav showAdmin={showAdmin} awaitingApprovals={awaitingApprovals} />
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
                <SidebarNav showAdmin={showAdmin} awaitingApprovals={awaitingApprovals} />
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
          <div id={MAIN_END_ID} />
        </main>
      </div>
    </ActorProvider>
  );
}
