import { notFound } from "next/navigation";
import { formatDay } from "@/lib/dashboard/format-date";
import { RuleEditor } from "@/components/approvals/rule-editor";
import { NotAllowed } from "@/components/auth/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import { findRule } from "@/lib/approvals/store";
import { consoleRead } from "@/lib/auth/console-read";

export const metadata = { title: "Approval rule" };

export default async function ApprovalRulePage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await consoleRead({ permission: "approvals:rules", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators set approval rules." />;
  const { id } = await params;
  if (!/^rule_[A-Za-z0-9_-]{6,20}$/.test(id)) notFound();
  const rule = await findRule(gate.db, id);
  if (!rule) notFound();
  const { id: _id, version, createdBy, createdAt, ...body } = rule;
  return (
    <>
      <PageHeader
        title={rule.name}
        description={`Version ${version}, by ${createdBy} on ${formatDay(createdAt)}. Saving writes version ${version + 1}; held submissions keep the version that held them.`}
      />
      <RuleEditor id={rule.id} initial={body} />
    </>
  );
}
