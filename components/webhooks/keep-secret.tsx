"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { keepInboxSecret } from "@/lib/inbox/actions/keep-inbox-secret";
import type { Environment } from "@/lib/dashboard/environment-schema";
import type { InboxSummary, KeptSecret } from "@/lib/inbox/types";
import { maskInboxUrl } from "@/lib/schemas/mask";
import { updateWebhook } from "@/lib/webhook-endpoints/actions/update-webhook";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { useActionMutation } from "@/components/forms/use-action-mutation";

/**
 * "Keep it in the dashboard's inbox for verification": hands the just-shown secret to one of
 * the person's inboxes (the one the endpoint points at, by default), on the server.
 */
export function KeepSecretInInbox({
  environment,
  inboxes,
  endpointUrl,
  webhookId,
  secret,
}: {
  environment: Environment;
  inboxes: InboxSummary[];
  endpointUrl: string;
  webhookId: string;
  secret: string;
}) {
  const pointed = inboxes.find((i) => maskInboxUrl(endpointUrl).endsWith(maskInboxUrl(`/inbox/${i.id}`)));
  const [inboxId, setInboxId] = useState(pointed?.id ?? inboxes[0]?.id ?? "");
  const [kept, setKept] = useState<KeptSecret | null>(null);
  const keep = useActionMutation({
    environment,
    action: keepInboxSecret,
    invalidate: [],
    success: (i) => `Secret kept with ${i.name}`,
  });
  const disable = useActionMutation({
    environment,
    action: updateWebhook,
    invalidate: [queryKeys.webhooks.all(environment)],
    success: () => "The older endpoint is disabled",
  });
  if (inboxes.length === 0) {
    return (
      <p className="text-xs text-slate-500">
        Create an inbox on the Inbox page to keep secrets there for verification.
      </p>
    );
  }
  if (kept) {
    const older = kept.stillSending;
    return (
      <div className="space-y-2">
        <p role="status" className="text-sm text-emerald-800">
          Kept with {kept.name}: its messages from this endpoint will show whether their signatures verify.
        </p>
        {older && !disable.isSuccess ? (
          <div
            className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            data-testid="older-endpoint"
          >
            <p>
              Endpoint <span className="font-mono">{older.id}</span> also posts to this inbox, signed with its own
              secret: its deliveries will show “does not match” from now on. Disable it?
            </p>
            <Button
              size="sm"
              variant="secondary"
              loading={disable.isPending}
              onClick={() => disable.mutate({ id: older.id, body: { status: "DISABLED" } })}
            >
              Disable the older endpoint
            </Button>
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor="keep-inbox" className="block text-sm font-medium text-slate-800">
        Keep it in the dashboard&apos;s inbox for verification
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          id="keep-inbox"
          className="w-64"
          value={inboxId}
          onChange={(e) => setInboxId(e.target.value)}
          options={inboxes.map((i) => ({
            value: i.id,
            label: i.id === pointed?.id ? `${i.name} (this endpoint's URL)` : i.name,
          }))}
        />
        <Button
          size="sm"
          variant="secondary"
          loading={keep.isPending}
          disabled={!inboxId}
          onClick={() =>
            keep.mutate(
              { inboxId, secret, webhookId: pointed?.id === inboxId ? webhookId : undefined },
              { onSuccess: (i) => setKept(i) },
            )
          }
        >
          Keep in inbox
        </Button>
      </div>
      <p className="text-xs text-slate-500">Stored on the server with the inbox; the browser never gets it back.</p>
    </div>
  );
}
