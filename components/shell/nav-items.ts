import type { ComponentType } from "react";
import type { ConsolePage } from "@/lib/dashboard/console-routes";
import { KeyIcon, ShieldIcon, UserIcon, UsersIcon } from "@/components/ui/icons";
import {
  ArchiveIcon,
  DisburseIcon,
  DownloadIcon,
  FlaskIcon,
  HomeIcon,
  InboxIcon,
  LayersIcon,
  PaymentsIcon,
  RatesIcon,
  RequestsIcon,
  SettingsIcon,
  WebhookIcon,
  type IconProps,
} from "@/components/ui/icons";

export type NavItem = {
  /** One of the console's listed pages (lib/dashboard/console-routes.ts). */
  href: ConsolePage;
  label: string;
  icon: ComponentType<IconProps>;
  group: "operate" | "integrate" | "account" | "admin";
};

/** Every section of the console, in sidebar order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview", icon: HomeIcon, group: "operate" },
  { href: "/rates", label: "Rates", icon: RatesIcon, group: "operate" },
  { href: "/settlement-requests", label: "Settlement requests", icon: RequestsIcon, group: "operate" },
  { href: "/payments", label: "Payments", icon: PaymentsIcon, group: "operate" },
  { href: "/disbursements", label: "Disbursements", icon: DisburseIcon, group: "operate" },
  { href: "/batches", label: "Batches", icon: LayersIcon, group: "operate" },
  { href: "/balances", label: "Balances", icon: PaymentsIcon, group: "operate" },
  { href: "/runway", label: "Runway", icon: RatesIcon, group: "operate" },
  { href: "/returns", label: "Returns", icon: DisburseIcon, group: "operate" },
  { href: "/reconciliation", label: "Reconciliation", icon: ArchiveIcon, group: "operate" },
  { href: "/reports", label: "Reports", icon: DownloadIcon, group: "operate" },
  { href: "/payees", label: "Payees", icon: UsersIcon, group: "operate" },
  { href: "/approvals", label: "Approvals", icon: ShieldIcon, group: "operate" },
  { href: "/webhooks", label: "Webhooks", icon: WebhookIcon, group: "integrate" },
  { href: "/events", label: "Events", icon: RequestsIcon, group: "integrate" },
  { href: "/request-log", label: "Request log", icon: ArchiveIcon, group: "integrate" },
  { href: "/inbox", label: "Inbox", icon: InboxIcon, group: "integrate" },
  { href: "/sandbox", label: "Sandbox", icon: FlaskIcon, group: "integrate" },
  { href: "/v1-payments", label: "/v1 payments", icon: ArchiveIcon, group: "integrate" },
  { href: "/api-reference", label: "API reference", icon: SettingsIcon, group: "integrate" },
  { href: "/settings", label: "Settings", icon: SettingsIcon, group: "account" },
  { href: "/account", label: "Your account", icon: UserIcon, group: "account" },
  // Shown to administrators only (the pages check again on the server).
  { href: "/admin/users", label: "People", icon: UsersIcon, group: "admin" },
  { href: "/admin/api-keys", label: "API keys", icon: KeyIcon, group: "admin" },
  { href: "/admin/audit", label: "Audit trail", icon: ShieldIcon, group: "admin" },
];

export const NAV_GROUP_LABELS: Record<NavItem["group"], string> = {
  operate: "Money movement",
  integrate: "Integration",
  account: "Account",
  admin: "Admin",
};

export function isActive(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
