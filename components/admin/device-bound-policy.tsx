"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { useToast } from "@/components/ui/toast";
import { setDeviceBoundApprovers } from "@/lib/approvals/actions/set-device-bound-approvers";

/**
 * "Approvers use device-bound keys" (issue 61): production approvals confirmed only with a passkey
 * that cannot leave its device (a security key, or a platform key neither synced nor backed up).
 */
export function DeviceBoundPolicy({ on }: { on: boolean }) {
  const router = useRouter();
  const { toast } = useToast();
  const [value, setValue] = useState(on);
  const [pending, startTransition] = useTransition();
  const save = () =>
    startTransition(async () => {
      const result = await setDeviceBoundApprovers({ on: value });
      if (!result.ok) {
        toast({ title: "Not saved", description: result.error.message, tone: "error" });
        return;
      }
      toast({
        title: value ? "Approvers now confirm with a device-bound passkey" : "Any second factor confirms an approval",
        tone: "success",
      });
      router.refresh();
    });
  return (
    <Card
      className="mt-6"
      data-testid="device-bound-policy"
      title="Keys that approve production money"
      description="A code or a synced passkey can be copied to a device the person does not hold; a security key cannot."
    >
      <Checkbox className="text-sm text-slate-800" checked={value} onChange={setValue}>
        Approvers must confirm production approvals with a passkey bound to one device (a security key, or a
        device&apos;s own key that is not synced). Codes and synced passkeys still sign in.
      </Checkbox>
      <Button className="mt-4" loading={pending} disabled={value === on} onClick={save}>
        Save key policy
      </Button>
    </Card>
  );
}
