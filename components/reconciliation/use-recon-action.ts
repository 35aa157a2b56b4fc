"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useToast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/dashboard/action-result";

/** Runs a reconciliation action: one at a time, a refusal as a toast, the page's data refreshed after. */
export function useReconAction() {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  const run = <T>(failureTitle: string, call: () => Promise<ActionResult<T>>, after?: (data: T) => void) =>
    start(async () => {
      const result = await call();
      if (!result.ok) toast({ title: failureTitle, description: result.error.message, tone: "error" });
      else after?.(result.data);
      router.refresh();
    });
  return { pending, run };
}
