import Link from "next/link";
import { notFound } from "next/navigation";
import { DisbursementDetail } from "@/components/disbursements/disbursement-detail";
import { ErrorState } from "@/components/ui/error-state";
import { PageHeader } from "@/components/ui/page-header";
import { getDisbursement } from "@/lib/actions/get-disbursement";
import { describeError } from "@/lib/actions/result";
import { getEnvironment } from "@/lib/dashboard/environment-cookie";

export const metadata = { title: "Disbursement" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DisbursementPage({ params, searchParams }: Props) {
  const [{ id }, sp, environment] = await Promise.all([params, searchParams, getEnvironment()]);
  const disbursement = await getDisbursement({ id });
  if (!disbursement.ok && (disbursement.error.code === "not_found" || disbursement.error.code === "invalid_input")) notFound();

  const back = <Link href="/disbursements" className="hover:text-slate-800">← Disbursements</Link>;
  if (!disbursement.ok) {
    return (
      <>
        <PageHeader eyebrow={back} title="Disbursement" />
        <ErrorState title="This disbursement could not be loaded" message={describeError(disbursement.error)} />
      </>
    );
  }
  return (
    <>
      <PageHeader eyebrow={back} title="Disbursement" />
      <DisbursementDetail key={`${environment}-${id}`} environment={environment} initial={disbursement.data} created={sp.created === "1"} />
    </>
  );
}
