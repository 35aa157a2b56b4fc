"use client";

import { trailTampered, trailWords } from "@/lib/audit-log/trail-verdict";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { AlertIcon, CheckIcon, DownloadIcon, ShieldIcon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { rotateAuditKey } from "@/lib/settings/actions/rotate-audit-key";
import { verifyAuditLog, type AuditVerification } from "@/lib/settings/actions/verify-audit-log";
import { formatMinute } from "@/lib/dashboard/format-date";

export type AuditLogSummary = {
  size: number;
  checkpoint: { size: number; root: string; note: string; keyId: string; createdAt: string } | null;
  witness: { url: string | null; pending: number; error: string | null };
};

/**
 * The verifiable log on the Audit page (issue 47): how long it is, the latest signed checkpoint
 * (its root, its key, whether the witness has it), "Verify" (the offline verifier's code, run on
 * the server over the same range a download would cover, and the trail held to its entries) and
 * "Download bundle" for `npx settlement-console verify-audit`.
 */
export function AuditLogCard({ summary, from, to }: { summary: AuditLogSummary; from?: string; to?: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [result, setResult] = useState<AuditVerification | null>(null);
  const [verifying, startVerify] = useTransition();
  const [rotating, startRotate] = useTransition();
  const range = {
    ...(from ? { from: Date.parse(`${from}T00:00:00Z`) } : {}),
    ...(to ? { to: Date.parse(`${to}T00:00:00Z`) + 86_400_000 - 1 } : {}),
  };
  const bundleHref = `/admin/audit/bundle${from || to ? `?${new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })}` : ""}`;
  const c = summary.checkpoint;

  const verify = () =>
    startVerify(async () => {
      const r = await verifyAuditLog(range);
      if (!r.ok) toast({ title: "Not verified", description: r.error.message, tone: "error" });
      else setResult(r.data);
      router.refresh();
    });
  const rotate = () =>
    startRotate(async () => {
      const r = await rotateAuditKey({ rotate: true });
      if (!r.ok) toast({ title: "Key not rotated", description: r.error.message, tone: "error" });
      else
        toast({
          title: "New signing key",
          description: `Key ${r.data.keyId} signs from now on; the old one still verifies what it signed.`,
          tone: "success",
        });
      router.refresh();
    });

  const verified = result ? result.verdict.ok && !trailTampered(result.trail) : null;
  return (
    <section
      aria-labelledby="audit-log-heading"
      className="mb-5 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 shadow-[var(--shadow-card)]"
      data-testid="audit-log-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="audit-log-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <ShieldIcon className="size-4 text-accent-700" aria-hidden /> Verifiable log
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every entry is appended to a Merkle log and signed checkpoints prove it only grows. An auditor checks a
            bundle offline with <code className="font-mono text-xs">npx settlement-console verify-audit</code>.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={verify} loading={verifying} data-testid="verify-audit">
            <CheckIcon className="size-4" /> Verify
          </Button>
          <a
            href={bundleHref}
            download
            className={buttonClasses({ variant: "secondary" })}
            data-testid="download-bundle"
          >
            <DownloadIcon className="size-4" /> Download bundle
          </a>
        </div>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">Entries in the log</dt>
          <dd className="font-medium text-slate-900 tabular-nums" data-testid="audit-log-size">
            {summary.size.toLocaleString("en-US")}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-slate-500">Latest signed checkpoint</dt>
          {c ? (
            <dd className="text-slate-900" data-testid="audit-checkpoint">
              <span className="font-medium tabular-nums">{c.size.toLocaleString("en-US")} entries</span>,{" "}
              {formatMinute(c.createdAt)}
              <span className="mt-0.5 flex items-center gap-1 font-mono text-xs text-slate-600">
                <span className="truncate" title={c.root}>
                  root {c.root.slice(0, 16)}…
                </span>
                <CopyButton value={c.note} label="Copy the signed checkpoint" />
              </span>
            </dd>
          ) : (
            <dd className="text-slate-500">None yet: the first is signed within a minute of the first entry.</dd>
          )}
        </div>
        <div>
          <dt className="text-slate-500">Signing key and witness</dt>
          <dd className="text-slate-900">
            {c ? <span className="font-mono text-xs">key {c.keyId}</span> : "—"}{" "}
            <Button variant="ghost" size="sm" onClick={rotate} loading={rotating}>
              Rotate key
            </Button>
            <span className="block text-xs text-slate-600" data-testid="audit-witness">
              {summary.witness.url
                ? summary.witness.error
                  ? `Witness: ${summary.witness.error}`
                  : summary.witness.pending > 0
                    ? `Witness: ${summary.witness.pending} checkpoint(s) to push`
                    : "Witness: has every checkpoint"
                : "No witness (AUDIT_WITNESS_URL): only the operator holds the checkpoints."}
            </span>
          </dd>
        </div>
      </dl>
      {result ? (
        <div
          role="status"
          data-testid="audit-verdict"
          data-verified={verified ? "yes" : "no"}
          className={`mt-3 flex items-start gap-2 rounded-lg border px-3.5 py-3 text-sm ${
            verified ? "border-emerald-200 bg-emerald-50 text-emerald-900" : "border-red-200 bg-red-50 text-red-900"
          }`}
        >
          {verified ? (
            <CheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          ) : (
            <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          )}
          <div className="min-w-0 break-words">
            <p className="font-medium">{verified ? "Verified" : "Does not verify"}</p>
            <p>{result.verdict.summary}.</p>
            <p>{trailWords(result.trail)}</p>
          </div>
        </div>
      ) : null}
    </section>
  );
}
