"use client";

import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useCan } from "@/components/auth/actor-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { InboxIcon, PlusIcon } from "@/components/ui/icons";
import { Select } from "@/components/ui/select";
import { createInbox } from "@/lib/inbox/actions/create-inbox";
import { deleteInbox } from "@/lib/inbox/actions/delete-inbox";
import { registerInbox } from "@/lib/inbox/actions/register-inbox";
import { replayInboxMessage } from "@/lib/inbox/actions/replay-inbox-message";
import { setInboxResponse } from "@/lib/inbox/actions/set-inbox-response";
import type { Environment } from "@/lib/dashboard/environment-schema";
import {
  INBOX_LIMITS_TEXT,
  INBOX_RESPONSE_MODES,
  RESPONSE_MODE_LABELS,
  type InboxMessageView,
  type InboxResponseMode,
  type InboxSummary,
} from "@/lib/inbox/types";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import { cn } from "@/lib/ui/cn";
import { MessageCard } from "./message-card";
import { useInboxStream } from "./use-inbox-stream";

/** "New inbox": one click, then the page shows it. */
export function NewInboxButton({
  environment,
  variant = "primary",
}: {
  environment: Environment;
  variant?: "primary" | "secondary";
}) {
  const router = useRouter();
  const canManage = useCan("inbox:manage");
  const create = useActionMutation({
    environment,
    action: createInbox,
    invalidate: [],
    success: () => "Inbox created",
  });
  if (!canManage) return null;
  return (
    <Button
      variant={variant}
      loading={create.isPending}
      onClick={() =>
        create.mutate({}, { onSuccess: (inbox) => router.push(`/inbox?box=${encodeURIComponent(inbox.id)}`) })
      }
    >
      <PlusIcon className="size-4" /> New inbox
    </Button>
  );
}

export function InboxConsole({
  environment,
  inboxes,
  selected,
  initialMessages,
}: {
  environment: Environment;
  inboxes: InboxSummary[];
  selected: InboxSummary | null;
  initialMessages: InboxMessageView[];
}) {
  const canManage = useCan("inbox:manage");
  if (!selected) {
    return (
      <EmptyState
        icon={<InboxIcon className="size-5" />}
        title="No inbox yet"
        action={canManage ? <NewInboxButton environment={environment} /> : undefined}
      >
        An inbox is a receiver this console hosts at an unguessable URL. Create one, register it as a sandbox endpoint,
        and every delivery streams in here with its signature verdict.
        {canManage ? null : (
          <span className="mt-2 block" data-testid="inbox-read-only">
            {environment === "production"
              ? "In production, inboxes are managed by finance and admin; switch to sandbox to work with yours."
              : "Inboxes are for developers and admins: your role reads the console without one."}
          </span>
        )}
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      {inboxes.length > 1 ? (
        <nav aria-label="Inboxes" className="flex flex-wrap gap-2">
          {inboxes.map((inbox) => (
            <Link
              key={inbox.id}
              href={`/inbox?box=${encodeURIComponent(inbox.id)}`}
              aria-current={inbox.id === selected.id ? "page" : undefined}
              className={cn(
                "rounded-full border px-3 py-1 text-xs font-medium",
                inbox.id === selected.id
                  ? "border-accent-300 bg-accent-50 text-accent-800"
                  : "border-slate-200 bg-white text-slate-600 hover:bg-slate-50",
              )}
            >
              {inbox.name}
            </Link>
          ))}
        </nav>
      ) : null}
      <ReceiverCard key={`card-${selected.id}`} environment={environment} inbox={selected} />
      <Messages key={selected.id} environment={environment} inboxId={selected.id} initial={initialMessages} />
    </div>
  );
}

function ReceiverCard({ environment, inbox }: { environment: Environment; inbox: InboxSummary }) {
  const router = useRouter();
  const canManage = useCan("inbox:manage");
  const [mode, setMode] = useState<InboxResponseMode>(inbox.responseMode);
  const register = useActionMutation({
    environment,
    action: registerInbox,
    invalidate: [],
    success: () => "Registered as a sandbox endpoint; its secret is kept with the inbox",
  });
  const respond = useActionMutation({
    environment,
    action: setInboxResponse,
    invalidate: [],
    success: (i) => `The receiver now answers ${RESPONSE_MODE_LABELS[i.responseMode]}`,
  });
  const remove = useActionMutation({
    environment,
    action: deleteInbox,
    invalidate: [],
    success: () => "Inbox deleted",
  });

  return (
    <Card
      title={inbox.name}
      description="Anyone may POST here; only you see what arrives."
      actions={
        !canManage ? undefined : (
          <Dialog
            title="Delete this inbox?"
            description={
              inbox.webhookId
                ? "Its messages are deleted, and so is the endpoint registered for it: nothing more is sent here."
                : "Its messages are deleted."
            }
            trigger={
              <Button variant="ghost" size="sm">
                Delete
              </Button>
            }
            footer={
              <DialogActions cancel="Keep it">
                <Button
                  variant="danger"
                  loading={remove.isPending}
                  onClick={() => remove.mutate({ inboxId: inbox.id }, { onSuccess: () => router.push("/inbox") })}
                >
                  Delete inbox
                </Button>
              </DialogActions>
            }
          />
        )
      }
    >
      <dl className="grid gap-4 text-sm md:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">Receiver URL</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <code
            className="truncate rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800"
            data-testid="inbox-url"
          >
            {inbox.url}
          </code>
          <CopyButton value={inbox.url} label="Copy receiver URL" />
        </dd>

        <dt className="text-slate-500">Limits</dt>
        <dd className="text-xs text-slate-600" data-testid="inbox-limits">
          {INBOX_LIMITS_TEXT}
          {inbox.refused.count > 0 ? (
            <p
              className="mt-1.5 rounded-md bg-amber-50 px-2 py-1.5 text-amber-900"
              role="status"
              data-testid="inbox-refused"
            >
              {inbox.refused.count} request{inbox.refused.count === 1 ? " was" : "s were"} refused
              {inbox.refused.lastReason
                ? `; the last (${formatDateTime(inbox.refused.lastAt)}) for ${inbox.refused.lastReason}`
                : ""}
              .
            </p>
          ) : null}
        </dd>

        <dt className="text-slate-500">Endpoint</dt>
        <dd>
          {inbox.webhookId ? (
            <div className="flex flex-wrap items-center gap-2" data-testid="inbox-registration">
              <Badge tone="success" dot>
                Registered{inbox.environment ? ` (${inbox.environment})` : ""}
              </Badge>
              <code className="font-mono text-xs text-slate-600">{inbox.webhookId}</code>
              <span className="text-xs text-slate-500">
                {inbox.hasSecret ? "· signing secret kept on the server" : "· no secret kept"}
              </span>
              <Link
                href={`/webhooks?endpoint=${encodeURIComponent(inbox.webhookId)}`}
                className="text-xs font-medium text-accent-700 hover:text-accent-800"
              >
                Delivery log →
              </Link>
            </div>
          ) : !canManage ? (
            <span className="text-xs text-slate-500">Not registered as an endpoint.</span>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                size="sm"
                loading={register.isPending}
                disabled={environment !== "sandbox"}
                onClick={() => register.mutate({ inboxId: inbox.id }, { onSuccess: () => router.refresh() })}
              >
                Register as sandbox endpoint
              </Button>
              <span className="text-xs text-slate-500">
                {environment === "sandbox"
                  ? "Subscribes it to every event type; the secret stays on the server for the verdicts."
                  : "Switch to sandbox to register (production endpoints must be public https)."}
              </span>
            </div>
          )}
        </dd>

        <dt className="text-slate-500">
          <label htmlFor="inbox-response">Answer with</label>
        </dt>
        <dd className="flex flex-wrap items-center gap-3">
          {!canManage ? (
            <span>{RESPONSE_MODE_LABELS[mode]}</span>
          ) : (
            <Select
              id="inbox-response"
              className="w-80"
              value={mode}
              disabled={respond.isPending}
              options={INBOX_RESPONSE_MODES.map((m) => ({ value: m, label: RESPONSE_MODE_LABELS[m] }))}
              onChange={(e) => {
                const next = e.target.value as InboxResponseMode;
                const previous = mode;
                setMode(next);
                respond.mutate({ inboxId: inbox.id, mode: next }, { onError: () => setMode(previous) });
              }}
            />
          )}
          <span className="text-xs text-slate-500">
            Anything but 2xx within 10 s is a failed attempt: watch the retry schedule in the delivery log.
          </span>
        </dd>
      </dl>
    </Card>
  );
}

function Messages({
  environment,
  inboxId,
  initial,
}: {
  environment: Environment;
  inboxId: string;
  initial: InboxMessageView[];
}) {
  const { messages, state } = useInboxStream(inboxId, initial);
  const canManage = useCan("inbox:manage");
  const replay = useActionMutation({
    environment,
    action: replayInboxMessage,
    invalidate: [],
    success: (m) => `Replayed as #${m.number}`,
  });
  const newestFirst = [...messages].reverse();
  return (
    <Card
      flush
      title="Received"
      description="Newest first. Stored whole: headers, raw body, time."
      actions={
        <span
          className="inline-flex items-center gap-1.5 text-xs text-slate-500"
          data-testid="stream-state"
          data-state={state}
          aria-live="polite"
        >
          <span
            aria-hidden="true"
            className={cn("size-2 rounded-full", state === "live" ? "bg-emerald-500" : "bg-amber-400")}
          />
          {state === "live" ? "Live" : state === "connecting" ? "Connecting…" : "Reconnecting…"}
        </span>
      }
    >
      {newestFirst.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500">
          Nothing received yet. Register the inbox and trigger a sandbox transition, or POST to the receiver URL.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Received requests">
          {newestFirst.map((m) => (
            <MessageCard
              key={m.seq}
              message={m}
              replaying={replay.isPending && replay.variables?.seq === m.seq}
              onReplay={canManage ? (seq) => replay.mutate({ inboxId, seq }) : undefined}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
