import { EmptyState } from "@/components/ui/empty-state";
import { InboxIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Inbox" };

export default function Page() {
  return (
    <>
      <PageHeader title="Inbox" description="Webhook deliveries received by this console, with their signature check, as they arrive." />
      <EmptyState icon={<InboxIcon className="size-5" />} title="Nothing received yet">
        Point a webhook endpoint at this console's inbox and each delivery will stream in here with its event type, payload and whether its signature verified.
      </EmptyState>
    </>
  );
}
