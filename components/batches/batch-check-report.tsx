import { AlertIcon, CheckIcon, XIcon } from "@/components/ui/icons";
import type { BatchCheck, CheckItem } from "@/lib/batches/types";
import { formatClock } from "@/lib/dashboard/format-date";

const TONE: Record<CheckItem["tone"], { icon: typeof CheckIcon; className: string; word: string }> = {
  ok: { icon: CheckIcon, className: "text-emerald-700", word: "Passes" },
  warn: { icon: AlertIcon, className: "text-amber-700", word: "Worth a look" },
  stop: { icon: XIcon, className: "text-red-700", word: "Stops the submit" },
};

/**
 * The dry run's report in the batch's own environment (issue 44): one line per check, each with
 * what it found. Nothing was sent to produce it.
 */
export function BatchCheckReport({ check }: { check: BatchCheck }) {
  const stops = check.items.filter((i) => i.tone === "stop").length;
  return (
    <div className="space-y-3" data-testid="batch-check" data-ready={check.ready ? "yes" : "no"}>
      <p className="text-sm font-medium text-slate-900" data-testid="batch-check-summary">
        {stops === 0
          ? `Ready: ${check.rows} row${check.rows === 1 ? "" : "s"} would be submitted in ${check.environment}.`
          : `${stops} check${stops === 1 ? "" : "s"} would stop it in ${check.environment}.`}{" "}
        <span className="font-normal text-slate-500">Checked {formatClock(check.checkedAt)}; nothing was sent.</span>
      </p>
      <ul className="space-y-2">
        {check.items.map((item) => {
          const tone = TONE[item.tone];
          const Icon = tone.icon;
          return (
            <li key={item.key} className="flex items-start gap-2 text-sm" data-check={item.key} data-tone={item.tone}>
              <Icon className={`mt-0.5 size-4 shrink-0 ${tone.className}`} aria-hidden />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  <span className="sr-only">{tone.word}: </span>
                  {item.title}
                </p>
                <p className="text-slate-600 break-words">{item.detail}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
