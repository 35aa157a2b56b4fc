"use client";

import { CreateDialog } from "@/components/forms/create-dialog";
import { lazyResolver } from "@/components/forms/lazy-resolver";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import { saveNoticeChannel } from "@/lib/notices/actions/save-notice-channel";
import type { NoticeChannelInput } from "@/lib/notices/channel-form";
import { CHAT_SERVICE_LABELS, CHAT_SERVICES } from "@/lib/notices/kinds";

const resolver = lazyResolver<NoticeChannelInput>(() =>
  import("./notice-channel-resolver").then((m) => m.noticeChannelResolver),
);
const SERVICE_OPTIONS = CHAT_SERVICES.map((s) => ({ value: s, label: CHAT_SERVICE_LABELS[s] }));

/**
 * Gives a team its chat channel (issue 64): the service, the name people know it by, and the
 * incoming webhook's URL, which is sealed once saved and never shown again (only its host).
 */
export function NoticeChannelDialog({ team, replaces }: { team: Role; replaces: boolean }) {
  const teamName = ROLE_LABELS[team].label;
  return (
    <CreateDialog
      id={`notice-channel-${team}`}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`${replaces ? "Replace" : "Add"} ${teamName}'s channel`}>
          {replaces ? "Replace" : "Add channel"}
        </Button>
      }
      submitLabel="Save channel"
      resolver={resolver}
      defaults={{ team, service: "slack", name: "", url: "" } satisfies NoticeChannelInput}
      send={saveNoticeChannel}
      keep={() => ({ team })}
      words={(saved) =>
        saved
          ? {
              title: "Channel saved",
              description: `Notices ${teamName} chose to read in chat now go there. Send a test message from the list.`,
            }
          : {
              title: `${teamName}'s chat channel`,
              description:
                "Create an incoming webhook in Slack (an app's Incoming Webhooks) or Teams (the channel's Workflows: post to a channel when a webhook request is received) and paste its URL.",
            }
      }
      created={() => null}
      fields={({ register, formState: { errors } }) => (
        <>
          <Field label="Service" error={errors.service?.message} required>
            {(p) => <Select {...p} {...register("service")} options={SERVICE_OPTIONS} />}
          </Field>
          <Field label="Channel name" hint="As people know it: #payments-ops" error={errors.name?.message} required>
            {(p) => <Input {...p} {...register("name")} autoComplete="off" />}
          </Field>
          <Field
            label="Webhook URL"
            hint="Sealed when saved and never shown again: it is the channel's credential."
            error={errors.url?.message}
            required
          >
            {(p) => <Input {...p} {...register("url")} type="url" autoComplete="off" spellCheck={false} />}
          </Field>
        </>
      )}
    />
  );
}
