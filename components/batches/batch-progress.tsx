import type { BatchProgress } from "@/lib/batches/types";

/** The sends as a bar: succeeded, sent and still moving, failed, waiting; with the counts in words beside it. */
export function BatchProgressBar({ progress }: { progress: BatchProgress }) {
  const total = Math.max(1, progress.included - progress.invalid);
  const pct = (n: number) => `${(100 * n) / total}%`;
  const failedAfterSending = progress.failed - progress.refused;
  const movingOrSent = Math.max(0, progress.sent - progress.succeeded - failedAfterSending);
  const done = progress.sent + progress.refused;
  return (
    <div data-testid="batch-progress">
      <div
        className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Rows sent"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} rows sent`}
      >
        <span className="h-full bg-emerald-500" style={{ width: pct(progress.succeeded) }} />
        <span className="h-full bg-accent-500" style={{ width: pct(movingOrSent) }} />
        <span className="h-full bg-red-500" style={{ width: pct(progress.failed) }} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <Count label="Sent" value={progress.sent} testId="count-sent" dot="bg-accent-500" />
        <Count label="Succeeded" value={progress.succeeded} testId="count-succeeded" dot="bg-emerald-500" />
        <Count label="Failed" value={progress.failed} testId="count-failed" dot="bg-red-500" />
        <Count label="Waiting" value={progress.waiting + progress.sending} testId="count-waiting" dot="bg-slate-300" />
      </dl>
    </div>
  );
}

function Count({ label, value, testId, dot }: { label: string; value: number; testId: string; dot: string }) {
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value.toLocaleString("en-US")}
      </dd>
    </div>
  );
}
