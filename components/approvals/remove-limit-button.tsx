"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { removeDailyLimit } from "@/lib/actions/remove-daily-limit";

export function RemoveLimitButton({ id, label }: { id: string; label: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={pending}
      aria-label={`Remove the limit ${label}`}
      onClick={() =>
        start(async () => {
          const result = await removeDailyLimit({ id });
          if (!result.ok) toast({ title: "Not removed", description: result.error.message, tone: "error" });
          router.refresh();
        })
      }
    >
      Remove
    </Button>
  );
}
