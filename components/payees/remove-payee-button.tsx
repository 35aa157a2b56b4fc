"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { removePayee } from "@/lib/actions/remove-payee";

export function RemovePayeeButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={pending}
      aria-label={`Remove payee ${name}`}
      onClick={() =>
        start(async () => {
          const result = await removePayee({ id });
          if (!result.ok) toast({ title: "Not removed", description: result.error.message, tone: "error" });
          router.refresh();
        })
      }
    >
      Remove
    </Button>
  );
}
