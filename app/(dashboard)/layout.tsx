import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { ForcedPasswordChange } from "@/components/auth/forced-password-change";
import { AppShell } from "@/components/shell/app-shell";
import { SIGN_IN_PATH } from "@/lib/auth/config";
import { getActor } from "@/lib/auth/session";
import { getShellInfo } from "@/lib/page-data/shell-info";
import { awaitingCount } from "@/lib/approvals/store";
import { can } from "@/lib/auth/permissions";
import { getDatabase } from "@/lib/db/connection";

/**
 * Every console page: the real session check (the proxy only looked for a cookie), then the shell
 * with who is signed in. Each page, action and route handler still checks its own permission.
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const actor = await getActor();
  if (!actor) redirect(SIGN_IN_PATH);
  if (actor.mustChangePassword) return <ForcedPasswordChange email={actor.email} />;
  // The Approvals badge: submissions waiting for this person (one indexed count; fresh at each page load and refresh).
  const [info, awaiting] = await Promise.all([
    getShellInfo(),
    can(actor.role, "approvals:decide", null)
      ? getDatabase().then(({ db }) => awaitingCount(db, actor))
      : Promise.resolve(0),
  ]);
  return (
    <AppShell {...info} user={{ name: actor.name, email: actor.email, role: actor.role }} awaitingApprovals={awaiting}>
      {children}
    </AppShell>
  );
}
