import { randomUUID } from "node:crypto";
import { consoleRead } from "@/lib/auth/console-read";
import { Link } from "@/components/ui/link";
import { prefillFromParams, quotedDestinationAmount } from "@/components/settlement-requests/builder/builder-values";
import { SettlementRequestBuilder } from "@/components/settlement-requests/builder/settlement-request-builder";
import { PageHeader } from "@/components/ui/page-header";
import { NotAllowed } from "@/components/auth/not-allowed";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { listPayees } from "@/lib/approvals/payees";

export const metadata = { title: "New settlement request" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function NewSettlementRequestPage({ searchParams }: { searchParams: SearchParams }) {
  const environment = await getEnvironment();
  const gate = await consoleRead({ permission: "settlement:create", environment });
  if (!gate.ok) return <NotAllowed message={`Your role cannot create settlement requests in ${environment}.`} />;
  const params = await searchParams;
  const initial = prefillFromParams(params);
  const payees = await listPayees(gate.db, environment);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/settlement-requests" className="hover:text-slate-800">
            ← Settlement requests
          </Link>
        }
        title="New settlement request"
        description="Choose the type, where the money goes and who receives it. You get payment instructions for the payer."
      />
      <SettlementRequestBuilder
        key={environment}
        environment={environment}
        initial={initial}
        initialKey={randomUUID()}
        quotedDestinationAmount={quotedDestinationAmount(params)}
        payees={payees}
      />
    </>
  );
}
