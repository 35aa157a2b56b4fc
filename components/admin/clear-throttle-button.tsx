"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { clearSignInThrottle } from "@/lib/people/actions/clear-sign-in-throttle";

/** Lifts one sign-in throttle at once (People page, administrators). */
export function ClearThrottleButton({ throttleKey, label }: { throttleKey: string; label: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={pending}
      aria-label={`Lift the throttle on ${label}`}
      onClick={() =>
        startTransition(async () => {
          const result = await clearSignInThrottle({ key: throttleKey });
          if (!result.ok)
            toast({ title: "Could not lift the throttle", description: result.error.message, tone: "error" });
          else toast({ title: "Throttle lifted", description: `${label} may sign in again.`, tone: "success" });
          router.refresh();
        })
      }
    >
      Lift
    </Button>
  );
}
