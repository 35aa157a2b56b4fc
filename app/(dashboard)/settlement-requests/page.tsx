import { EmptyState } from "@/components/ui/empty-state";
import { RequestsIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Settlement requests" };

export default function Page() {
  return (
    <>
      <PageHeader title="Settlement requests" description="Every fiat ↔ stablecoin settlement: its status, payment instructions and the two payments behind it." />
      <EmptyState icon={<RequestsIcon className="size-5" />} title="No settlement requests yet">
        Requests created here or through the API will be listed with their status, type, amount and external_id, newest first. You will be able to filter by status and find a request by its external_id.
      </EmptyState>
    </>
  );
}
