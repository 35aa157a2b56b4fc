"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { AlertIcon, UploadIcon } from "@/components/ui/icons";
import { BATCH_KIND_LABELS, BATCH_KINDS, type BatchKind } from "@/lib/batches/templates";
import type { Environment } from "@/lib/dashboard/environment-schema";

type Refusal = { message: string; details: string[] };

/** Bigger files are refused before they are sent (the server refuses them too). */
const MAX_BYTES = 1024 * 1024;

/**
 * "New batch": a kind and a CSV file, posted as it is (streamed) to /batches/upload. Nothing is
 * sent to the API: the batch opens in review.
 */
export function NewBatchForm({ environment, kinds }: { environment: Environment; kinds: BatchKind[] }) {
  const router = useRouter();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<BatchKind>(kinds[0] ?? "disbursement");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  async function upload() {
    if (!file || busy) return;
    if (file.size > MAX_BYTES) {
      setRefusal({ message: "The file is larger than 1 MiB: split it into several batches.", details: [] });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const res = await fetch(`/batches/upload?kind=${kind}&name=${encodeURIComponent(file.name)}`, {
        method: "POST",
        headers: { "Content-Type": "text/csv", "X-Console-Environment": environment },
        body: file,
      });
      const answer = (await res.json().catch(() => null)) as {
        id?: string;
        error?: { message: string; details?: string[] };
      } | null;
      if (res.ok && answer?.id) {
        router.push(`/batches/${answer.id}`);
        return;
      }
      setRefusal({
        message: answer?.error?.message ?? `The console answered ${res.status}.`,
        details: answer?.error?.details ?? [],
      });
    } catch {
      setRefusal({ message: "The console did not answer. Check your connection and try again.", details: [] });
    }
    setBusy(false);
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void upload();
      }}
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">What the rows create</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {BATCH_KINDS.filter((k) => kinds.includes(k)).map((k) => (
            <label
              key={k}
              className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2.5 text-sm has-[:checked]:border-accent-400 has-[:checked]:bg-accent-50"
            >
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="accent-accent-600"
              />
              {BATCH_KIND_LABELS[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-900">
          CSV file
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          Up to 1,000 rows and 1 MiB; UTF-8 (with or without BOM); comma or semicolon. Start from a template below.
        </p>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setRefusal(null);
          }}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
          data-testid="batch-file"
        />
      </div>
      <div aria-live="polite">
        {refusal ? (
          <div
            role="alert"
            className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-900"
            data-testid="upload-error"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0">
              <p className="font-medium">Not uploaded</p>
              <p className="mt-0.5 break-words">{refusal.message}</p>
              {refusal.details.length > 1 ? (
                <ul className="mt-1 list-disc pl-5">
                  {refusal.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      <Button type="submit" disabled={!file} loading={busy}>
        <UploadIcon className="size-4" /> Upload and check
      </Button>
    </form>
  );
}
