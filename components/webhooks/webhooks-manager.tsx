"use client";

import dynamic from "next/dynamic";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/auth/actor-context";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { PlusIcon, WebhookIcon } from "@/components/ui/icons";
import { deleteWebhook } from "@/lib/webhook-endpoints/actions/delete-webhook";
import { listWebhooks } from "@/lib/webhook-endpoints/actions/list-webhooks";
import { ActionFailure, describeError, unwrap, type ActionResult } from "@/lib/dashboard/action-result";
import { updateWebhook } from "@/lib/webhook-endpoints/actions/update-webhook";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import type { InboxSummary } from "@/lib/inbox/types";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import type { Paginated } from "@/lib/schemas/list";
import type { Webhook } from "@/lib/schemas/webhook";
import { ENDPOINTS_PAGE_SIZE } from "./constants";
import { DeliveryLog } from "./delivery-log";
import { EditEventsDialog } from "./edit-events-dialog";
import { RollSecretDialog } from "./roll-secret-dialog";
import { getWebhookRotation } from "@/lib/webhook-endpoints/actions/get-webhook-rotation";
import { getWebhookThrottle } from "@/lib/webhook-endpoints/actions/webhook-throttle";
import { ThrottleDialog } from "./throttle-dialog";
import { ReplayDialog } from "./replay-dialog";
import { getWebhookHealth } from "@/lib/webhook-endpoints/actions/webhook-health";
import { EndpointHealthNotice } from "./endpoint-health-notice";
import { EnableEndpointDialog } from "./enable-endpoint-dialog";
import { FailurePolicyDialog } from "./failure-policy-dialog";
import { OutageDialog } from "./outage-dialog";
import { getWebhookFilter } from "@/lib/webhook-endpoints/actions/webhook-filter";
import { FilterDialog } from "./filter-dialog";

/** The create dialog (a form library, the event picker) loads just after the page, behind a button that looks the same. */
const CreateEndpointDialog = dynamic(() => import("./create-endpoint-dialog").then((m) => m.CreateEndpointDialog), {
  ssr: false,
  loading: () => (
    <Button disabled>
      <PlusIcon className="size-4" /> New endpoint
    </Button>
  ),
});

/** The endpoints of this environment: list, create, edit events, disable, delete, and each one's delivery log. */
export function WebhooksManager({
  environment,
  initial,
  inboxes,
  openEndpoint,
}: {
  environment: Environment;
  initial: ActionResult<Paginated<Webhook>>;
  inboxes: InboxSummary[];
  openEndpoint: string | null;
}) {
  const list = useQuery({
    queryKey: queryKeys.webhooks.list(environment),
    queryFn: async () => unwrap(await listWebhooks({ page: 1, page_size: ENDPOINTS_PAGE_SIZE })),
    initialData: initial.ok ? initial.data : undefined,
  });
  const error = list.error instanceof ActionFailure ? list.error : !initial.ok && !list.data ? initial.error : null;
  const inboxById = new Map(inboxes.map((i) => [i.webhookId, i]));
  const canManage = useCan("webhooks:manage");

  return (
    <div className="space-y-4">
      {canManage ? (
        <div className="flex justify-end">
          <CreateEndpointDialog environment={environment} inboxes={inboxes} />
        </div>
      ) : (
        <p className="text-sm text-slate-600" data-testid="webhooks-read-only">
          {environment === "production"
            ? "You can read the endpoints and their deliveries here; changing them in production needs the admin role."
            : "You can read the endpoints and their deliveries here; managing them needs the developer or admin role."}
        </p>
      )}
      {error ? (
        <ErrorState
          title="Endpoints could not be loaded"
          message={describeError(error)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data && list.data.data.length === 0 ? (
        <EmptyState icon={<WebhookIcon className="size-5" />} title="No webhook endpoints registered">
          Register a URL and choose its events (settlement_request.updated, payment.completed, …). Its signing secret is
          shown once, when the endpoint is created. No server of your own yet? Create an inbox: this console hosts one
          for you.
        </EmptyState>
      ) : (
        <ul className="space-y-4" aria-label="Endpoints">
          {(list.data?.data ?? []).map((w) => (
            <EndpointCard
              key={w.id}
              environment={environment}
              webhook={w}
              inbox={inboxById.get(w.id) ?? null}
              defaultOpen={w.id === openEndpoint}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function EndpointCard({
  environment,
  webhook: w,
  inbox,
  defaultOpen,
}: {
  environment: Environment;
  webhook: Webhook;
  inbox: InboxSummary | null;
  defaultOpen: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const canManage = useCan("webhooks:manage");
  const toggle = useActionMutation({
    environment,
    action: updateWebhook,
    invalidate: [queryKeys.webhooks.all(environment)],
    success: () => "Endpoint disabled: no new deliveries are queued; those queued wait until it is enabled",
  });
  const remove = useActionMutation({
    environment,
    action: deleteWebhook,
    invalidate: [queryKeys.webhooks.all(environment)],
    success: () => "Endpoint deleted",
  });
  const active = w.status === "ACTIVE";
  const logId = `deliveries-${w.id}`;
  // The secret's rotation (an extension read): asked when the endpoint is opened or rolled, not for every card.
  const [rolled, setRolled] = useState(false);
  const rotation = useQuery({
    queryKey: queryKeys.webhooks.rotation(environment, w.id),
    queryFn: async () => unwrap(await getWebhookRotation({ id: w.id })),
    enabled: open || rolled,
    retry: false,
  });
  const overlapUntil = rotation.data?.previous_secret_expires_at ?? null;
  const throttle = useQuery({
    queryKey: queryKeys.webhooks.throttle(environment, w.id),
    queryFn: async () => unwrap(await getWebhookThrottle({ id: w.id })),
    enabled: open,
    retry: false,
  });
  const rate = throttle.data?.max_per_second ?? null;
  // The payload condition (D9.16): said on every card, since it decides what the endpoint gets.
  const filter = useQuery({
    queryKey: queryKeys.webhooks.filter(environment, w.id),
    queryFn: async () => unwrap(await getWebhookFilter({ id: w.id })),
    retry: false,
  });
  const condition = filter.data?.condition ?? null;
  // Failing, turned off, a rehearsed outage (D9.15): read for every card, a warning must not wait for a click.
  const health = useQuery({
    queryKey: queryKeys.webhooks.health(environment, w.id),
    queryFn: async () => unwrap(await getWebhookHealth({ id: w.id })),
    retry: false,
  });

  return (
    <li
      data-testid="endpoint"
      data-webhook-id={w.id}
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white shadow-[var(--shadow-card)]"
    >
      <div className="flex flex-wrap items-start gap-4 px-5 py-4">
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium break-all text-slate-900">{w.url}</span>
            <StatusBadge status={w.status} />
            {inbox ? <Badge tone="accent">Inbox: {inbox.name}</Badge> : null}
          </div>
          {w.description ? <p className="text-sm wrap-anywhere text-slate-600">{w.description}</p> : null}
          <div className="flex flex-wrap gap-1.5">
            {w.events.map((e) => (
              <Badge key={e} tone="neutral" className="font-mono">
                {e}
              </Badge>
            ))}
          </div>
          <p className="text-xs text-slate-500">
            <span className="font-mono">{w.id}</span> · created {formatDateTime(w.created_at)}
            {rotation.data?.rotated_at ? ` · secret rolled ${formatDateTime(rotation.data.rotated_at)}` : ""}
          </p>
          {condition ? (
            <p className="text-xs text-slate-600" data-testid="endpoint-filter">
              Only events where <code className="font-mono wrap-anywhere text-slate-800">{condition}</code>
            </p>
          ) : null}
          {rate !== null ? (
            <p className="text-xs text-slate-600" data-testid="endpoint-rate">
              At most {rate} deliver{rate === 1 ? "y" : "ies"} a second, however many instances send.
            </p>
          ) : null}
          {overlapUntil ? (
            <p className="text-xs text-amber-800" data-testid="old-secret-expiry">
              The old secret signs too until {formatDateTime(overlapUntil)}: each delivery carries both signatures.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <Button
            size="sm"
            variant="secondary"
            aria-expanded={open}
            aria-controls={logId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? "Hide deliveries" : "Deliveries"}
          </Button>
          {canManage ? (
            <>
              <EditEventsDialog environment={environment} webhook={w} />
              {open && throttle.isSuccess ? (
                <ThrottleDialog environment={environment} webhookId={w.id} current={rate} />
              ) : null}
              {filter.isSuccess ? (
                <FilterDialog environment={environment} webhookId={w.id} current={condition} />
              ) : null}
              <ReplayDialog environment={environment} webhookId={w.id} />
              <RollSecretDialog
                environment={environment}
                webhook={w}
                inbox={inbox}
                onRolled={() => {
                  setRolled(true);
                  void rotation.refetch();
                }}
              />
              {open && health.data ? (
                <FailurePolicyDialog environment={environment} webhookId={w.id} health={health.data} />
              ) : null}
              {environment === "sandbox" && health.data && !health.data.outage ? (
                <OutageDialog environment={environment} webhookId={w.id} health={health.data} />
              ) : null}
              {active ? (
                <Button
                  size="sm"
                  variant="ghost"
                  loading={toggle.isPending}
                  onClick={() => toggle.mutate({ id: w.id, body: { status: "DISABLED" } })}
                >
                  Disable
                </Button>
              ) : (
                <EnableEndpointDialog
                  environment={environment}
                  webhookId={w.id}
                  disabledAt={health.data?.disabled_at ?? null}
                />
              )}
              <Dialog
                title="Delete this endpoint?"
                description="Its queued deliveries are dropped and nothing more is sent to it. This cannot be undone."
                trigger={
                  <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800">
                    Delete
                  </Button>
                }
                footer={
                  <DialogActions cancel="Keep it">
                    <Button variant="danger" loading={remove.isPending} onClick={() => remove.mutate({ id: w.id })}>
                      Delete endpoint
                    </Button>
                  </DialogActions>
                }
              />
            </>
          ) : null}
        </div>
      </div>
      {health.data && (health.data.state !== "HEALTHY" || health.data.outage) ? (
        <div className="px-5 pb-4">
          <EndpointHealthNotice environment={environment} webhookId={w.id} health={health.data} canManage={canManage} />
        </div>
      ) : null}
      {open ? (
        <section id={logId} aria-label="Delivery log" className="border-t border-slate-100 bg-slate-50/40">
          <DeliveryLog environment={environment} webhookId={w.id} />
        </section>
      ) : null}
    </li>
  );
}
