import { CreateUserDialog } from "@/components/admin/lazy-dialogs";
import { UserRowActions } from "@/components/admin/user-row-actions";
import { NotAllowed } from "@/components/auth/not-allowed";
import { RoleBadge } from "@/components/auth/role-badge";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { DataTable } from "@/components/ui/data-table";
import { consoleRead } from "@/lib/auth/console-read";
import { isRole } from "@/lib/auth/permissions";
import { activeThrottles } from "@/lib/auth/throttle";
import { listUsers } from "@/lib/auth/users";
import { SignInThrottles } from "@/components/admin/sign-in-throttles";
import { SecondFactorPolicy } from "@/components/admin/second-factor-policy";
import { DeviceBoundPolicy } from "@/components/admin/device-bound-policy";
import { deviceBoundApprovers } from "@/lib/approvals/device-bound";
import { requiredRoles } from "@/lib/auth/second-factor";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { formatDay, formatMinute } from "@/lib/dashboard/format-date";
import { waitOf } from "@/lib/approvals/approver-wait";
import { env } from "@/lib/env";
import { DirectoriesCard } from "@/components/admin/directories-card";
import { listDirectories, provisionedPeople } from "@/lib/scim/directories";
import { requestRelyingParty } from "@/lib/auth/request-origin";

export const metadata = { title: "People" };

const roleOf = (user: { role: string }) => (isRole(user.role) ? user.role : "support");

export default async function UsersPage() {
  const gate = await consoleRead({ permission: "users:manage", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators manage who may use the console." />;
  const { db } = gate;
  const [users, throttles, required, deviceBound, directories, provisioned, origin] = await Promise.all([
    listUsers(db),
    activeThrottles(db),
    requiredRoles(db),
    deviceBoundApprovers(db),
    listDirectories(db),
    provisionedPeople(db),
    requestRelyingParty().then((rp) => rp.origin),
  ]);
  const enabledCount = Object.fromEntries(
    ROLES.map((role) => {
      const ofRole = users.filter((u) => roleOf(u) === role && !u.disabled);
      const on = ofRole.filter((u) => u.secondFactorEnabled).length;
      return [role, `${on} of ${ofRole.length} ${ofRole.length === 1 ? "person has" : "people have"} it on`];
    }),
  ) as Record<Role, string>;

  // Who may approve production yet (issue 59): the set-up team at once, anyone added later after the wait.
  const hours = env().APPROVER_MIN_AGE_HOURS;
  const first = users.reduce<Date | null>((min, u) => {
    const at = new Date(u.createdAt);
    return min === null || at < min ? at : min;
  }, null);
  const waitText = (createdAt: string | Date) => {
    const wait = waitOf(new Date(createdAt), first, hours);
    if (wait.setUpTeam) return "Set-up team: approves production at once";
    return wait.until ? `Approves production from ${formatMinute(wait.until)}` : null;
  };

  return (
    <>
      <PageHeader
        title="People"
        description={`Who may sign in to this console and with which role. Changes take effect on their next click.${
          hours > 0
            ? ` Someone added now approves production submissions only after ${hours} hours; the team added in the console's first ${hours} hours is exempt.`
            : ""
        }`}
        actions={<CreateUserDialog />}
      />
      <DataTable
        caption="People with access to the console"
        columns={[
          {
            header: "Person",
            cell: (user) => (
              <>
                <p className="font-medium text-slate-900">{user.name}</p>
                <p className="text-xs text-slate-500">{user.email}</p>
              </>
            ),
          },
          { header: "Role", cell: (user) => <RoleBadge role={roleOf(user)} /> },
          {
            header: "Two-step",
            cell: (user) =>
              user.secondFactorEnabled ? (
                <Badge tone="success">On</Badge>
              ) : (
                <Badge tone={required.includes(roleOf(user)) ? "warning" : "muted"}>
                  {required.includes(roleOf(user)) ? "Required, not set up" : "Off"}
                </Badge>
              ),
          },
          {
            header: "Status",
            cell: (user) => {
              const from = provisioned.get(user.id);
              return (
                <>
                  {from && user.disabled && from.active ? (
                    <Badge tone="warning" dot>
                      Waiting for a role
                    </Badge>
                  ) : user.disabled ? (
                    <Badge tone="danger" dot>
                      Disabled
                    </Badge>
                  ) : (
                    <Badge tone="success" dot>
                      Active
                    </Badge>
                  )}
                  {from ? (
                    <span className="block text-xs text-slate-500" data-testid="provisioned-by">
                      From {from.directory}
                      {from.active ? "" : " (deactivated there)"}
                    </span>
                  ) : null}
                </>
              );
            },
          },
          {
            header: "Added",
            className: "whitespace-nowrap text-slate-500",
            cell: (user) => {
              const wait = hours > 0 && !user.disabled ? waitText(user.createdAt) : null;
              return (
                <>
                  {formatDay(user.createdAt)}
                  {wait ? (
                    <span className="block whitespace-normal text-xs" data-testid="approver-wait">
                      {wait}
                    </span>
                  ) : null}
                </>
              );
            },
          },
          {
            header: <span className="sr-only">Actions</span>,
            headerClassName: "text-right",
            className: "text-right",
            cell: (user) => (
              <UserRowActions user={{ ...user, role: roleOf(user) }} self={user.id === gate.actor.userId} />
            ),
          },
        ]}
        rows={users}
        rowTestId="user-row"
        rowProps={(user) => ({ "data-email": user.email })}
      />
      <DirectoriesCard directories={directories} scimUrl={`${origin}/scim/v2`} />
      <SecondFactorPolicy required={required} enabledCount={enabledCount} />
      <DeviceBoundPolicy on={deviceBound} />
      <SignInThrottles throttles={throttles} />
    </>
  );
}
