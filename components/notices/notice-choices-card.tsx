"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { useToast } from "@/components/ui/toast";
import { saveNoticeChoices } from "@/lib/notices/actions/save-notice-choices";
import type { Role } from "@/lib/auth/permissions";
import { NOTICE_KINDS, NOTICE_LABELS, noticeKindsFor, type NoticeKind } from "@/lib/notices/kinds";

/** Which notices reach me by email (issue 64): each my role can get, on until I turn it off; my security's always. */
export function NoticeChoicesCard({
  choices,
  mailTo,
  role,
}: {
  choices: Record<NoticeKind, boolean>;
  mailTo: string;
  role: Role;
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [value, setValue] = useState(choices);
  const [pending, startTransition] = useTransition();
  const changed = NOTICE_KINDS.some((k) => value[k] !== choices[k]);
  const save = () =>
    startTransition(async () => {
      const result = await saveNoticeChoices({ choices: value });
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
      description={`Mailed to ${mailTo}. A notice links to the page to act on; nothing can be approved from a mail.`}
      data-testid="notice-choices"
    >
      <div className="space-y-3">
        {noticeKindsFor(role).map((kind) => (
          <Checkbox
            key={kind}
            className="text-sm text-slate-800"
            checked={NOTICE_LABELS[kind].always ? true : value[kind]}
            disabled={NOTICE_LABELS[kind].always}
            onChange={(on) => setValue((v) => ({ ...v, [kind]: on }))}
          >
            <span className="font-medium">{NOTICE_LABELS[kind].label}</span>
            <span className="block text-slate-500">{NOTICE_LABELS[kind].description}</span>
          </Checkbox>
        ))}
      </div>
      <Button className="mt-4" loading={pending} disabled={!changed} onClick={save}>
        Save notice choices
      </Button>
    </Card>
  );
}
