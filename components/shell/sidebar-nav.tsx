"use client";

import Link, { useLinkStatus } from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/ui/cn";
import { ApprovalsBadge } from "./approvals-badge";
import { NAV_GROUP_LABELS, NAV_ITEMS, isActive, type NavItem } from "./nav-items";

const GROUPS: NavItem["group"][] = ["operate", "integrate", "account", "admin"];

/** The section links, grouped; the current section is highlighted and marked aria-current. The Admin group is for administrators. */
export function SidebarNav({
  onNavigate,
  showAdmin = false,
  awaitingApprovals = 0,
}: {
  onNavigate?: () => void;
  showAdmin?: boolean;
  awaitingApprovals?: number;
}) {
  const pathname = usePathname();
  const groups = showAdmin ? GROUPS : GROUPS.filter((g) => g !== "admin");
  return (
    <nav aria-label="Sections" className="space-y-4">
      {groups.map((group) => (
        <div key={group}>
          <p className="px-3 pb-1.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">
            {NAV_GROUP_LABELS[group]}
          </p>
          <ul className="space-y-0.5">
            {NAV_ITEMS.filter((i) => i.group === group).map((item) => {
              const active = isActive(pathname, item.href);
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    prefetch={false}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "group flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm font-medium transition-colors",
                      active
                        ? "bg-accent-50 text-accent-700"
                        : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                    )}
                  >
                    <Icon
                      className={cn(
                        "size-4 shrink-0",
                        active ? "text-accent-600" : "text-slate-500 group-hover:text-slate-600",
                      )}
                    />
                    {item.label}
                    {item.href === "/approvals" ? <ApprovalsBadge count={awaitingApprovals} /> : null}
                    <Pending />
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * While the page a link leads to is on its way (pages render on the server, with no loading
 * skeleton), the link shows a small spinner, so a click is never silent.
 */
function Pending() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span role="status" className="ml-auto inline-flex" data-testid="nav-pending">
      <span
        aria-hidden="true"
        className="size-3.5 animate-spin rounded-full border-2 border-accent-200 border-t-accent-600"
      />
      <span className="sr-only">Loading</span>
    </span>
  );
}
