import { CreateUserDialog } from "@/components/admin/lazy-dialogs";
import { UserRowActions } from "@/components/admin/user-row-actions";
import { NotAllowed } from "@/components/auth/not-allowed";
import { RoleBadge } from "@/components/auth/role-badge";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "@/components/ui/table";
import { getDatabase } from "@/lib/db/connection";
import { requireActor } from "@/lib/auth/guard";
import { isRole } from "@/lib/auth/permissions";
import { listUsers } from "@/lib/auth/users";

export const metadata = { title: "People" };

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

export default async function UsersPage() {
  const gate = await requireActor({ permission: "users:manage", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators manage who may use the console." />;
  const { db } = await getDatabase();
  const users = await listUsers(db);

  return (
    <>
      <PageHeader
        title="People"
        description="Who may sign in to this console and with which role. Changes take effect on their next click."
        actions={<CreateUserDialog />}
      />
      <Table caption="People with access to the console">
        <THead>
          <tr>
            <TH>Person</TH>
            <TH>Role</TH>
            <TH>Status</TH>
            <TH>Added</TH>
            <TH className="text-right">
              <span className="sr-only">Actions</span>
            </TH>
          </tr>
        </THead>
        <TBody>
          {users.map((user) => {
            const role = isRole(user.role) ? user.role : "support";
            return (
              <TR key={user.id} data-testid="user-row" data-email={user.email}>
                <TD>
                  <p className="font-medium text-slate-900">{user.name}</p>
                  <p className="text-xs text-slate-500">{user.email}</p>
                </TD>
                <TD>
                  <RoleBadge role={role} />
                </TD>
                <TD>
                  {user.disabled ? (
                    <Badge tone="danger" dot>
                      Disabled
                    </Badge>
                  ) : (
                    <Badge tone="success" dot>
                      Active
                    </Badge>
                  )}
                </TD>
                <TD className="whitespace-nowrap text-slate-500">{dateFormat.format(user.createdAt)}</TD>
                <TD className="text-right">
                  <UserRowActions user={{ ...user, role }} self={user.id === gate.actor.userId} />
                </TD>
              </TR>
            );
          })}
        </TBody>
      </Table>
    </>
  );
}
