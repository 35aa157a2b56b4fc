import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { DownloadIcon } from "@/components/ui/icons";
import type { BatchView } from "@/lib/batches/types";
import { formatMinute } from "@/lib/dashboard/format-date";

/** The uploaded file as the batch's receipt: name, size, SHA-256, who uploaded it; the file and the results to download. */
export function BatchReceipt({ batch }: { batch: BatchView }) {
  const sent = batch.status === "sending" || batch.status === "done";
  return (
    <Card title="Receipt" description="The file is kept unchanged; downloading it is audited.">
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-slate-500">File</dt>
          <dd className="font-medium break-all text-slate-900">{batch.fileName}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Size</dt>
          <dd className="text-slate-900" data-testid="file-size">
            {batch.fileSize.toLocaleString("en-US")} bytes · {batch.separator === ";" ? "semicolons" : "commas"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">SHA-256</dt>
          <dd className="flex items-start gap-1.5">
            <span className="font-mono text-xs break-all text-slate-700" data-testid="file-sha256">
              {batch.fileSha256}
            </span>
            <CopyButton value={batch.fileSha256} label="Copy the SHA-256" />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Uploaded</dt>
          <dd className="text-slate-700">
            {formatMinute(batch.createdAt)} by {batch.createdByEmail}
          </dd>
        </div>
        {batch.submittedAt ? (
          <div>
            <dt className="text-slate-500">Submitted</dt>
            <dd className="text-slate-700">
              {formatMinute(batch.submittedAt)} by {batch.submittedByEmail}
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={`/batches/${batch.id}/file`}
          download
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          data-testid="download-file"
        >
          <DownloadIcon className="size-4" /> The file
        </a>
        <a
          href={`/batches/${batch.id}/results`}
          download
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          data-testid="download-results"
        >
          <DownloadIcon className="size-4" /> {sent ? "Results CSV" : "Review CSV"}
        </a>
      </div>
    </Card>
  );
}
