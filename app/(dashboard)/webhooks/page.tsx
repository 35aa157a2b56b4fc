import { EmptyState } from "@/components/ui/empty-state";
import { WebhookIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const metadata = { title: "Webhooks" };

export default function Page() {
  return (
    <>
      <PageHeader title="Webhooks" description="Endpoints that receive signed event notifications, and the events each one subscribes to." />
      <EmptyState icon={<WebhookIcon className="size-5" />} title="No webhook endpoints registered">
        Register a URL and choose its events (settlement_request.updated, payment.completed, …). Its signing secret is shown once, when the endpoint is created.
      </EmptyState>
    </>
  );
}
