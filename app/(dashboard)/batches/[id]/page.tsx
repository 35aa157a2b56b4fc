import { notFound } from "next/navigation";
import { BatchWorkspace } from "@/components/batches/batch-workspace";
import { NotAllowed } from "@/components/auth/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/guard";
import { can } from "@/lib/auth/permissions";
import { batchEnvironment, batchState } from "@/lib/batches/state";
import { OtherEnvironment } from "@/components/shell/other-environment";
import { BATCH_KIND_LABELS } from "@/lib/batches/templates";
import { availableBalances } from "@/lib/settlement-api/available-balances";
import { getEnvironment } from "@/lib/auth/environment-cookie";

export const metadata = { title: "Batch" };

/** One batch: review, dry run, submission and progress, for everyone who may read; the controls for those who may create its rows. */
export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const environment = await getEnvironment();
  const gate = await requireActor({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see batches." />;
  const { id } = await params;
  if (!/^bat_[A-Za-z0-9_-]{6,40}$/.test(id)) notFound();
  const state = await batchState(environment, id);
  if (!state) {
    // A link to a batch of the other environment: say where it is and offer the switch (issue 59).
    const home = await batchEnvironment(id);
    if (!home || home === environment) notFound();
    return (
      <>
        <PageHeader title="Batch" description={`Batch ${id}`} />
        <OtherEnvironment what="This batch" environment={home} />
      </>
    );
  }
  const b = state.batch;
  const role = gate.actor.role;
  const canManage =
    can(role, "batches:manage", environment) &&
    can(role, b.kind === "disbursement" ? "disbursement:create" : "settlement:create", environment);
  const balances = b.kind === "disbursement" && b.status === "review" ? await availableBalances(environment) : null;
  return (
    <>
      <PageHeader
        eyebrow={`${BATCH_KIND_LABELS[b.kind]} · ${environment}`}
        title={b.fileName}
        description={`Batch ${b.id}`}
      />
      <BatchWorkspace initial={state} environment={environment} canManage={canManage} balances={balances} />
    </>
  );
}
