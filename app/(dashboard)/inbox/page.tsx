import { redirect } from "next/navigation";
import { consoleRead } from "@/lib/auth/console-read";
import { InboxConsole, NewInboxButton } from "@/components/inbox/inbox-console";
import { PageHeader } from "@/components/ui/page-header";
import { SIGN_IN_PATH } from "@/lib/auth/config";
import { getEnvironment } from "@/lib/auth/environment-cookie";
import { currentOwnerId, inboxOrigin } from "@/lib/inbox/owner";
import { listOwnedInboxes, listOwnedMessages, toMessageView, toSummary } from "@/lib/inbox/store";
import { ListenSessions } from "@/components/inbox/listen-sessions";
import { can } from "@/lib/auth/permissions";
import { listSessions } from "@/lib/listen/sessions";
import { unreachable } from "@/lib/inbox/reachability";

export const metadata = { title: "Inbox" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The signed-in person's inboxes (never anyone else's), the chosen one's latest messages first-rendered here, then live. */
export default async function InboxPage({ searchParams }: { searchParams: SearchParams }) {
  const [owner, environment, params] = await Promise.all([currentOwnerId(), getEnvironment(), searchParams]);
  const gate = await consoleRead({ permission: "read", environment: null });
  if (!owner || !gate.ok) redirect(SIGN_IN_PATH);
  const { actor, db } = gate;
  const rows = await listOwnedInboxes(db, owner);
  const inboxes = rows.map((row) => toSummary(row, inboxOrigin()));
  const wanted = typeof params.box === "string" ? params.box : undefined;
  const selected = inboxes.find((i) => i.id === wanted) ?? inboxes[0] ?? null;
  const initialMessages = selected
    ? (await listOwnedMessages(db, owner, selected.id, { limit: 200 })).map(toMessageView)
    : [];
  // settlement-console listen: roles that may listen see the sessions (an administrator everyone's).
  const listens = can(actor.role, "tokens:self", null);
  const everyone = actor.role === "admin";
  const sessions = listens ? await listSessions(db, everyone ? null : owner) : [];
  const cannotReach = selected ? await unreachable(selected) : null;
  return (
    <>
      <PageHeader
        title="Inbox"
        description="Webhook receivers hosted by this console. Each request is stored whole and streams in live with its signature verdict."
        actions={inboxes.length > 0 ? <NewInboxButton environment={environment} variant="secondary" /> : null}
      />
      {cannotReach ? (
        <div
          role="alert"
          data-testid="inbox-unreachable"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p className="font-medium">The service cannot reach this inbox</p>
          <p className="mt-1">
            Its last delivery to <span className="font-mono break-all">{cannotReach.url}</span> got no answer (
            {cannotReach.error}). A service on another host posts to the console&apos;s public address: start the
            console with <span className="font-mono">INBOX_PUBLIC_URL</span> (or{" "}
            <span className="font-mono">AUTH_URL</span>) set to an address the service can reach, then register the
            inbox again.
          </p>
        </div>
      ) : null}
      <InboxConsole environment={environment} inboxes={inboxes} selected={selected} initialMessages={initialMessages} />
      {listens ? (
        <div className="mt-6">
          <ListenSessions initial={sessions} everyone={everyone} />
        </div>
      ) : null}
    </>
  );
}
