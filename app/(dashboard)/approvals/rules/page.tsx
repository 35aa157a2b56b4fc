import { NotAllowed } from "@/components/auth/not-allowed";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { PlusIcon } from "@/components/ui/icons";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/ui/page-header";
import { ruleSummary } from "@/lib/approvals/rules";
import { currentRules } from "@/lib/approvals/store";
import { listLimits } from "@/lib/approvals/limits";
import { DailyLimitForm } from "@/components/approvals/daily-limit-form";
import { RefreshingActionButton } from "@/components/forms/refreshing-action-button";
import { formatMoney } from "@/lib/money/format";
import { removeDailyLimit } from "@/lib/approvals/actions/remove-daily-limit";
import { Card } from "@/components/ui/card";
import { env } from "@/lib/env";
import { consoleRead } from "@/lib/auth/console-read";

export const metadata = { title: "Approval rules" };

/** The current version of every rule, what each holds in one sentence, and the way to change them (administrators). */
export default async function ApprovalRulesPage() {
  const gate = await consoleRead({ permission: "approvals:rules", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators set approval rules." />;
  const { db } = gate;
  const [rules, limits] = await Promise.all([currentRules(db), listLimits(db)]);
  const rows = limits.map((l) => ({
    id: l.id,
    who: l.userEmail ?? `Every ${l.role}`,
    currency: l.currency,
    amount: l.amount,
  }));
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
          {
            header: "Rule",
            cell: (r) => (
              <Link href={`/approvals/rules/${r.id}`} className="font-medium text-accent-700 hover:underline">
                {r.name}
              </Link>
            ),
          },
          { header: "Holds", className: "text-slate-700", cell: (r) => ruleSummary(r) },
          { header: "Version", numeric: true, cell: (r) => r.version },
          {
            header: "State",
            cell: (r) =>
              r.enabled ? (
                <Badge tone="success" dot>
                  On
                </Badge>
              ) : (
                <Badge tone="muted" dot>
                  Off
                </Badge>
              ),
          },
        ]}
        rows={rules}
        rowTestId="rule-row"
        rowProps={(r) => ({ "data-name": r.name })}
        empty="No rules: every submission goes straight through, as if nobody had to approve anything."
      />
      <Card
        className="mt-8"
        title="Daily limits (production)"
        description={`What one person may send per calendar day (${env().MERCHANT_TIME_ZONE}), in USD: everything that leaves the balance, priced by the service's quote whatever its currency or the side typed, counted from what was actually sent that day. A person's own limit overrides their role's. Past it, the form says how much is left and offers to submit for approval instead.`}
        data-testid="daily-limits"
      >
        <div className="space-y-5">
          <DataTable
            caption="Daily limits"
            columns={[
              { header: "For", cell: (l) => l.who },
              { header: "Per day", numeric: true, className: "font-mono", cell: (l) => formatMoney(l.amount, "USD") },
              {
                header: <span className="sr-only">Actions</span>,
                headerClassName: "text-right",
                className: "text-right",
                cell: (l) => (
                  <RefreshingActionButton
                    action={removeDailyLimit}
                    input={{ id: l.id }}
                    label="Remove"
                    ariaLabel={`Remove the limit ${l.who} ${l.currency}`}
                    failTitle="Not removed"
                  />
                ),
              },
            ]}
            rows={rows}
            rowTestId="limit-row"
            empty="No daily limits."
          />
          <DailyLimitForm />
        </div>
      </Card>
    </>
  );
}
