"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { useToast } from "@/components/ui/toast";
import { saveNoticeChoices } from "@/lib/notices/actions/save-notice-choices";
import type { Role } from "@/lib/auth/permissions";
import {
  CHAT_SERVICE_LABELS,
  DIGEST_HOURS,
  NOTICE_KINDS,
  NOTICE_LABELS,
  noticeKindsFor,
  type NoticeChannelView,
  type NoticeKind,
  type NoticeRoute,
} from "@/lib/notices/kinds";

const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

/**
 * Where each notice reaches me (issue 64): by email, in my team's chat channel (where an
 * administrator gave my team one), or not at all; my security's always by email. Mails come one
 * by one, or gathered in a daily digest at an hour of the merchant's day.
 */
export function NoticeChoicesCard({
  choices,
  digestHour,
  channel,
  timeZone,
  mailTo,
  role,
}: {
  choices: Record<NoticeKind, NoticeRoute>;
  digestHour: number | null;
  channel: NoticeChannelView | null;
  timeZone: string;
  mailTo: string;
  role: Role;
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [value, setValue] = useState(choices);
  const [digest, setDigest] = useState(digestHour);
  const [pending, startTransition] = useTransition();
  const changed = NOTICE_KINDS.some((k) => value[k] !== choices[k]) || digest !== digestHour;
  const chatLabel = channel ? `${CHAT_SERVICE_LABELS[channel.service]} ${channel.name}` : null;
  const save = () =>
    startTransition(async () => {
      const result = await saveNoticeChoices({ choices: value, digestHour: digest });
      if (!result.ok) {
        toast({ title: "Not saved", description: result.error.message, tone: "error" });
        return;
      }
      toast({ title: "Notice choices saved", tone: "success" });
      router.refresh();
    });
  return (
    <Card
      title="Notices"
      description={`Mailed to ${mailTo}${chatLabel ? `, or posted to your team's channel, ${chatLabel}` : ""}. A notice links to the page to act on; nothing can be approved from a notice.`}
      data-testid="notice-choices"
    >
      <ul className="divide-y divide-slate-100">
        {noticeKindsFor(role).map((kind) => {
          const always = NOTICE_LABELS[kind].always === true;
          const id = `notice-route-${kind}`;
          return (
            <li
              key={kind}
              className="flex flex-col gap-2 py-3 first:pt-0 sm:flex-row sm:items-start sm:justify-between"
            >
              <label htmlFor={id} className="min-w-0 text-sm">
                <span className="block font-medium text-slate-800">{NOTICE_LABELS[kind].label}</span>
                <span className="block text-slate-500">{NOTICE_LABELS[kind].description}</span>
              </label>
              <Select
                id={id}
                className="sm:w-52"
                value={always ? "email" : value[kind]}
                disabled={always}
                onChange={(e) => setValue((v) => ({ ...v, [kind]: e.target.value as NoticeRoute }))}
                options={[
                  { value: "email", label: always ? "Email (always)" : "Email" },
                  ...(chatLabel || value[kind] === "chat"
                    ? [{ value: "chat", label: chatLabel ?? "Team chat (no channel)", disabled: !chatLabel }]
                    : []),
                  { value: "off", label: "Off" },
                ]}
              />
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <label htmlFor="notice-digest" className="text-sm">
          <span className="block font-medium text-slate-800">Mails</span>
          <span className="block text-slate-500">
            One by one, or gathered in one mail a day ({timeZone}). Security notices always come at once.
          </span>
        </label>
        <Select
          id="notice-digest"
          className="sm:w-52"
          value={digest === null ? "" : String(digest)}
          onChange={(e) => setDigest(e.target.value === "" ? null : Number(e.target.value))}
          options={[
            { value: "", label: "Each at once" },
            ...DIGEST_HOURS.map((h) => ({ value: String(h), label: `Daily digest at ${hourLabel(h)}` })),
          ]}
        />
      </div>
      <Button className="mt-4" loading={pending} disabled={!changed} onClick={save}>
        Save notice choices
      </Button>
    </Card>
  );
}
