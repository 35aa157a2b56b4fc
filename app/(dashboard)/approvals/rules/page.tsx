import { NotAllowed } from "@/components/auth/not-allowed";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { PlusIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { ruleSummary } from "@/lib/approvals/rules";
import { currentRules } from "@/lib/approvals/store";
import { requireActor } from "@/lib/auth/guard";
import { getDatabase } from "@/lib/db/connection";

export const metadata = { title: "Approval rules" };

/** The current version of every rule, what each holds in one sentence, and the way to change them (administrators). */
export default async function ApprovalRulesPage() {
  const gate = await requireActor({ permission: "approvals:rules", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators set approval rules." />;
  const rules = await currentRules((await getDatabase()).db);
  return (
    <>
      <PageHeader
        title="Approval rules"
        description="A submission any rule matches is held until the people it names approve it; with no match it goes straight through. A change applies to new submissions only."
        actions={
          <Link href="/approvals/rules/new" className={buttonClasses({})}>
            <PlusIcon /> New rule
          </Link>
        }
      />
      <DataTable
        caption="Approval rules"
        columns={[
          { header: "Rule", cell: (r) => (
              <Link href={`/approvals/rules/${r.id}`} className="font-medium text-accent-700 hover:underline">
                {r.name}
              </Link>
            ) },
          { header: "Holds", className: "text-slate-700", cell: (r) => ruleSummary(r) },
          { header: "Version", numeric: true, cell: (r) => r.version },
          { header: "State", cell: (r) => (r.enabled ? <Badge tone="success" dot>On</Badge> : <Badge tone="muted" dot>Off</Badge>) },
        ]}
        rows={rules}
        rowTestId="rule-row"
        rowProps={(r) => ({ "data-name": r.name })}
        empty="No rules: every submission goes straight through, as if nobody had to approve anything."
      />
    </>
  );
}
