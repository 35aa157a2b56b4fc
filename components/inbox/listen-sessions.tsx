"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { ErrorState } from "@/components/ui/error-state";
import { useToast } from "@/components/ui/toast";
import { endListenSession } from "@/lib/listen/actions/end-listen-session";
import { listListenSessions } from "@/lib/listen/actions/list-listen-sessions";
import { ActionFailure, describeError, unwrap } from "@/lib/dashboard/action-result";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { ListenSessionView } from "@/lib/listen/types";
import { formatSecond } from "@/lib/dashboard/format-date";

const REFRESH_MS = 5_000;
const STATE: Record<ListenSessionView["state"], { label: string; tone: Tone }> = {
  live: { label: "Live", tone: "success" },
  quiet: { label: "Quiet", tone: "warning" },
  ended: { label: "Ended", tone: "muted" },
};

/**
 * Who is running `settlement-console listen` (every person for an administrator, one's own
 * otherwise): since when, where to, deliveries and the last verdict; refreshed every 5 s. A
 * session can be ended here, and its CLI stops.
 */
export function ListenSessions({ initial, everyone }: { initial: ListenSessionView[]; everyone: boolean }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const sessions = useQuery({
    queryKey: queryKeys.listenSessions(),
    queryFn: async () => unwrap(await listListenSessions({})),
    initialData: initial,
    // The page rendered them just now: the first refresh is the interval's.
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
  const end = useMutation({
    mutationFn: async (id: string) => unwrap(await endListenSession({ id })),
    onSuccess: async () => {
      toast({ title: "Session ended", description: "Its CLI stops now.", tone: "success" });
      await queryClient.invalidateQueries({ queryKey: queryKeys.listenSessions() });
    },
    onError: (error) =>
      toast({
        title: "Not ended",
        description: error instanceof ActionFailure ? describeError(error) : "Something went wrong.",
        tone: "error",
      }),
  });

  return (
    <Card
      title="Listening sessions"
      description={
        everyone
          ? "Everyone's settlement-console listen in sandbox."
          : "Your settlement-console listen in sandbox. Make a token on your Account page."
      }
      data-testid="listen-sessions"
    >
      {sessions.error ? (
        <ErrorState
          title="The sessions could not be loaded"
          message={sessions.error instanceof ActionFailure ? describeError(sessions.error) : "Something went wrong."}
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      ) : (
        <DataTable
          caption="Listening sessions"
          columns={[
            ...(everyone ? [{ header: "Person", cell: (s: ListenSessionView) => s.person.email }] : []),
            {
              header: "Since",
              className: "whitespace-nowrap text-slate-500",
              cell: (s) => formatSecond(s.startedAt),
            },
            { header: "Forwarding to", className: "font-mono text-xs break-all", cell: (s) => s.forwardTo },
            { header: "Deliveries", numeric: true, cell: (s) => s.deliveries },
            {
              header: "Last",
              cell: (s) =>
                s.last ? (
                  <span
                    className={s.last.status !== null && s.last.status < 300 ? "text-emerald-700" : "text-rose-700"}
                  >
                    {s.last.status ?? "—"} {s.last.verdict === "ok" ? "" : s.last.verdict}
                  </span>
                ) : (
                  <span className="text-slate-500">Nothing yet</span>
                ),
            },
            {
              header: "State",
              cell: (s) => (
                <Badge tone={STATE[s.state].tone} dot title={s.endedReason ?? undefined}>
                  {STATE[s.state].label}
                </Badge>
              ),
            },
            {
              header: <span className="sr-only">Actions</span>,
              headerClassName: "text-right",
              className: "text-right",
              cell: (s) =>
                s.state === "ended" ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={end.isPending && end.variables === s.id}
                    onClick={() => end.mutate(s.id)}
                    aria-label={`End the session of ${s.person.email}`}
                  >
                    End
                  </Button>
                ),
            },
          ]}
          rows={sessions.data}
          rowTestId="listen-session-row"
          rowProps={(s) => ({ "data-state": s.state })}
          empty="Nobody is listening. Run settlement-console listen with a personal access token to forward sandbox events to your laptop."
        />
      )}
    </Card>
  );
}
