import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { getShellInfo } from "@/lib/dashboard/shell-info";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const info = await getShellInfo();
  return <AppShell {...info}>{children}</AppShell>;
}
