import { LiveUpdates } from "@/components/live/live-updates";
import { PageHeader } from "@/components/ui/page-header";
import { consoleRead } from "@/lib/auth/console-read";
import { NotAllowed } from "@/components/auth/not-allowed";
import { ENDPOINTS_PAGE_SIZE } from "@/components/webhooks/constants";
import { WebhooksManager } from "@/components/webhooks/webhooks-manager";
import { listWebhooks } from "@/lib/webhook-endpoints/actions/list-webhooks";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { currentOwnerId, inboxOrigin } from "@/lib/inbox/owner";
import { listOwnedInboxes, toSummary } from "@/lib/inbox/store";
import { maskInboxUrl } from "@/lib/schemas/mask";

export const metadata = { title: "Webhooks" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Endpoints rendered on the server (with the person's inboxes, for keeping a new secret); the client manages them. */
export default async function WebhooksPage({ searchParams }: { searchParams: SearchParams }) {
  const [environment, params, owner] = await Promise.all([getEnvironment(), searchParams, currentOwnerId()]);
  const gate = await consoleRead({ permission: "read", environment });
  if (!gate.ok) return <NotAllowed message="Sign in to see webhooks." />;
  const [initial, inboxes] = await Promise.all([
    listWebhooks({ page: 1, page_size: ENDPOINTS_PAGE_SIZE }),
    owner ? listOwnedInboxes(gate.db, owner) : Promise.resolve([]),
  ]);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive signed event notifications, the events each one subscribes to, and every delivery attempt."
      />
      {/* Delivery results over the live stream: the log, the list and each endpoint's health refresh. */}
      <LiveUpdates environment={environment} />
      <WebhooksManager
        key={environment}
        environment={environment}
        initial={initial}
        inboxes={inboxes.map((row) => {
          // Whole only on the Inbox page (decisions D9.11): here an inbox is picked by name.
          const summary = toSummary(row, inboxOrigin());
          return { ...summary, url: maskInboxUrl(summary.url) };
        })}
        openEndpoint={typeof params.endpoint === "string" ? params.endpoint : null}
      />
    </>
  );
}
