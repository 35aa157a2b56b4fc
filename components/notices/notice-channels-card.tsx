"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/auth/permissions";
import { removeNoticeChannel } from "@/lib/notices/actions/remove-notice-channel";
import { testNoticeChannel } from "@/lib/notices/actions/test-notice-channel";
import { CHAT_SERVICE_LABELS, type NoticeChannelView } from "@/lib/notices/kinds";
import { NoticeChannelDialog } from "./notice-channel-dialog";

/**
 * The teams' chat channels (issue 64), for administrators: each team's Slack or Teams channel
 * (its host, never its URL), a test message with the service's answer, and removal.
 */
export function NoticeChannelsCard({ channels }: { channels: NoticeChannelView[] }) {
  return (
    <Card
      className="mt-6"
      title="Team chat channels"
      description="People choose on Account which notices they read in their team's channel. A channel's message names who it is for and links to the page; it never carries a way to approve."
      data-testid="notice-channels"
    >
      <ul className="divide-y divide-slate-100">
        {ROLES.map((team) => (
          <TeamChannel key={team} team={team} channel={channels.find((c) => c.team === team) ?? null} />
        ))}
      </ul>
    </Card>
  );
}

function TeamChannel({ team, channel }: { team: Role; channel: NoticeChannelView | null }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  const teamName = ROLE_LABELS[team].label;
  const run = (what: "test" | "remove") =>
    startTransition(async () => {
      const result = what === "test" ? await testNoticeChannel({ team }) : await removeNoticeChannel({ team });
      if (!result.ok) {
        toast({
          title: what === "test" ? "Test failed" : "Not removed",
          description: result.error.message,
          tone: "error",
        });
        return;
      }
      toast({
        title: what === "test" ? `Test message posted to ${channel?.name}` : `${teamName}'s channel removed`,
        tone: "success",
      });
      router.refresh();
    });
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 sm:flex-row sm:items-center sm:justify-between" data-team={team}>
      <div className="min-w-0 text-sm">
        <span className="block font-medium text-slate-800">{teamName}</span>
        {channel ? (
          <span className="block break-words text-slate-600">
            {CHAT_SERVICE_LABELS[channel.service]} {channel.name}{" "}
            <span className="text-slate-500">({channel.host})</span>
          </span>
        ) : (
          <span className="block text-slate-500">No channel: this team's notices go by email.</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {channel ? (
          <>
            <Button
              variant="secondary"
              size="sm"
              loading={pending}
              onClick={() => run("test")}
              aria-label={`Test ${teamName}'s channel`}
            >
              Test
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={pending}
              onClick={() => run("remove")}
              aria-label={`Remove ${teamName}'s channel`}
            >
              Remove
            </Button>
          </>
        ) : null}
        <NoticeChannelDialog team={team} replaces={channel !== null} />
      </div>
    </li>
  );
}
