"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { sendTestNotice } from "@/lib/notices/actions/send-test-notice";

/** Mails the administrator a test notice through the outbox, as every notice goes. */
export function SendTestNoticeButton({ disabled }: { disabled: boolean }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  const send = () =>
    startTransition(async () => {
      const result = await sendTestNotice({});
      if (!result.ok) {
        toast({ title: "Not sent", description: result.error.message, tone: "error" });
        return;
      }
      toast({ title: "Test notice queued", description: "It is mailed within a few seconds.", tone: "success" });
      router.refresh();
    });
  return (
    <Button variant="secondary" size="sm" loading={pending} disabled={disabled} onClick={send}>
      Send me a test notice
    </Button>
  );
}
