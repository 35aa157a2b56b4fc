"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/result";

/**
 * A small button that runs one server action (passed from the server page with its input), says
 * so in a toast if it is refused, and re-renders the page: "Remove" in the console's lists.
 */
export function RefreshingActionButton<I>({
  action,
  input,
  label,
  ariaLabel,
  failTitle,
}: {
  action: (input: I) => Promise<ActionResult<unknown>>;
  input: I;
  label: string;
  ariaLabel: string;
  failTitle: string;
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={pending}
      aria-label={ariaLabel}
      onClick={() =>
        start(async () => {
          const result = await action(input);
          if (!result.ok) toast({ title: failTitle, description: result.error.message, tone: "error" });
          router.refresh();
        })
      }
    >
      {label}
    </Button>
  );
}
