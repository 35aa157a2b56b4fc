import { RuleEditor } from "@/components/approvals/rule-editor";
import { NotAllowed } from "@/components/auth/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import type { RuleBody } from "@/lib/approvals/rules";
import { requireActor } from "@/lib/auth/guard";

export const metadata = { title: "New approval rule" };

/** Where most teams start: production money of any currency, one approval from finance or an admin. */
const STARTER: RuleBody = {
  name: "",
  enabled: true,
  conditions: {
    environments: ["production"],
    actions: ["settlement_request", "disbursement", "v1_payment"],
    currencies: [],
    amountAtLeast: null,
    amountIn: "USD",
    destinationTypes: [],
    newDestinationOnly: false,
  },
  approvalsRequired: 1,
  approverRoles: ["admin", "finance"],
};

export default async function NewApprovalRulePage() {
  const gate = await requireActor({ permission: "approvals:rules", environment: null });
  if (!gate.ok) return <NotAllowed message="Only administrators set approval rules." />;
  return (
    <>
      <PageHeader
        title="New approval rule"
        description="Try it on your history first: the backtest shows what it would have held."
      />
      <RuleEditor initial={STARTER} />
    </>
  );
}
