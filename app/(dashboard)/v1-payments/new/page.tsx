import { randomUUID } from "node:crypto";
import { Link } from "@/components/ui/link";
import { V1PaymentForm } from "@/components/v1-payments/v1-payment-form";
import { PageHeader } from "@/components/ui/page-header";
import { NotAllowed } from "@/components/auth/not-allowed";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/auth/environment-cookie";

export const metadata = { title: "New /v1 payment" };

export default async function NewV1PaymentPage() {
  const [environment, actor] = await Promise.all([getEnvironment(), getActor()]);
  if (!actor || !can(actor.role, "settlement:create", environment)) {
    return <NotAllowed message={`Your role cannot create /v1 payments in ${environment}.`} />;
  }
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/v1-payments" className="hover:text-slate-800">
            ← /v1 payments
          </Link>
        }
        title="New /v1 payment"
        description="A LIQUIDITY payment: USDC reserved now, sent on chain once the incoming wire is notified."
      />
      <V1PaymentForm key={environment} environment={environment} initialKey={randomUUID()} />
    </>
  );
}
