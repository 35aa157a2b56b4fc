import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { ForcedPasswordChange } from "@/components/auth/forced-password-change";
import { AppShell } from "@/components/shell/app-shell";
import { SIGN_IN_PATH } from "@/lib/auth/config";
import { getActor } from "@/lib/auth/session";
import { getShellInfo } from "@/lib/dashboard/shell-info";

/**
 * Every console page: the real session check (the proxy only looked for a cookie), then the shell
 * with who is signed in. Each page, action and route handler still checks its own permission.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const actor = await getActor();
  if (!actor) redirect(SIGN_IN_PATH);
  if (actor.mustChangePassword) return <ForcedPasswordChange email={actor.email} />;
  const info = await getShellInfo();
  return (
    <AppShell {...info} user={{ name: actor.name, email: actor.email, role: actor.role }}>
      {children}
    </AppShell>
  );
}
