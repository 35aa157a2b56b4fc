import Link from "next/link";
import { notFound } from "next/navigation";
import { V1PaymentDetail } from "@/components/legacy/v1-payment-detail";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { getV1Payment } from "@/lib/actions/get-v1-payment";
import { describeError } from "@/lib/actions/result";
import { can } from "@/lib/auth/permissions";
import { getActor } from "@/lib/auth/session";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "/v1 payment" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function V1PaymentPage({ params, searchParams }: Props) {
  const [{ id }, sp, environment, actor] = await Promise.all([params, searchParams, getEnvironment(), getActor()]);
  const canNotify = actor !== null && can(actor.role, "settlement:update", environment);
  const payment = await getV1Payment({ id });
  if (!payment.ok && (payment.error.code === "not_found" || payment.error.code === "invalid_input")) notFound();
  const back = <Link href="/legacy" className="hover:text-slate-800">← Legacy /v1</Link>;
  if (!payment.ok) {
    return (
      <>
        <PageHeader eyebrow={back} title="/v1 payment" />
        <ErrorState title="This payment could not be loaded" message={describeError(payment.error)} />
      </>
    );
  }
  return (
    <>
      <PageHeader eyebrow={back} title="/v1 payment" />
      <V1PaymentDetail key={`${environment}-${id}`} environment={environment} initial={payment.data} created={sp.created === "1"} canNotify={canNotify} />
    </>
  );
}
