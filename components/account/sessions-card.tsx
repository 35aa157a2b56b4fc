"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { endOtherSessions, endSession } from "@/lib/people/actions/end-session";
import type { SessionView } from "@/lib/auth/my-sessions";
import { formatMinute } from "@/lib/dashboard/format-date";

/** Where one is signed in (issue 61): each session with its device, address and last use; sign one out, or every other. */
export function SessionsCard({ sessions }: { sessions: SessionView[] }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const others = sessions.filter((s) => !s.current).length;
  const act = (run: () => Promise<{ ok: boolean; error?: { message: string } }>, done: string) =>
    start(async () => {
      const result = await run();
      if (!result.ok) toast({ title: "Not signed out", description: result.error?.message, tone: "error" });
      else toast({ title: done, tone: "success" });
      router.refresh();
    });
  return (
    <Card
      title="Where you are signed in"
      description="Each browser signed in as you. Signing one out ends it on every instance at its next click."
    >
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" data-testid="sessions">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
            data-testid="session-row"
            data-current={s.current ? "yes" : "no"}
          >
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{s.device}</span>{" "}
              {s.current ? <Badge tone="success">This browser</Badge> : null}
              <span className="block text-xs text-slate-500">
                {s.address ? `${s.address} · ` : ""}last seen {formatMinute(s.lastSeenAt)} · signed in{" "}
                {formatMinute(s.createdAt)}
                {s.secondFactor ? " · two-step done" : " · password only"}
              </span>
            </span>
            {s.current ? null : (
              <Button
                size="sm"
                variant="secondary"
                loading={pending}
                aria-label={`Sign out ${s.device}, last seen ${formatMinute(s.lastSeenAt)}`}
                onClick={() => act(() => endSession({ id: s.id }), "Signed out there")}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Button
          className="mt-3"
          variant="secondary"
          loading={pending}
          onClick={() =>
            act(
              () => endOtherSessions({ everywhereElse: true }),
              `${others} other session${others === 1 ? "" : "s"} signed out`,
            )
          }
        >
          Sign out everywhere else
        </Button>
      ) : (
        <p className="mt-3 text-xs text-slate-500">Signed in nowhere else.</p>
      )}
    </Card>
  );
}
