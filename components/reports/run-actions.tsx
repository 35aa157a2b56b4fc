"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { retryReportRun } from "@/lib/reports/actions/retry-report-run";
import { setReportScheduleEnabled } from "@/lib/reports/actions/set-report-schedule-enabled";

/** Runs a failed report again. */
export function RetryRunButton({ id }: { id: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [pending, start] = useTransition();
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={pending}
      onClick={() =>
        start(async () => {
          const result = await retryReportRun({ id });
          if (!result.ok) toast({ tone: "error", title: "Not run again", description: result.error.message });
          router.refresh();
        })
      }
    >
      Retry
    </Button>
  );
}

/** Pauses or resumes a schedule. */
export function ScheduleSwitch({ id, enabled }: { id: string; enabled: boolean }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={pending}
      onClick={() =>
        start(async () => {
          await setReportScheduleEnabled({ id, enabled: !enabled });
          router.refresh();
        })
      }
    >
      {enabled ? "Pause" : "Resume"}
    </Button>
  );
}
