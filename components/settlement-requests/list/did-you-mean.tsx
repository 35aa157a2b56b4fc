"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { searchEverything } from "@/lib/search/actions/search-everything";
import { unwrap } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { hrefForHit, KIND_LABELS, MATCH_LABELS } from "@/lib/dashboard/search-links";

/**
 * Under an empty external_id search: what the text is after all (a request's id, the
 * external_id in another case, a payment's hash…), from the same search as ⌘K.
 */
export function DidYouMean({ environment, text }: { environment: Environment; text: string }) {
  const q = text.trim().slice(0, 128);
  const found = useQuery({
    queryKey: queryKeys.search(environment, q),
    queryFn: async () => unwrap(await searchEverything({ q })),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  const hits = found.data?.data ?? [];
  if (hits.length === 0) return null;
  return (
    <div className="mt-4 rounded-lg border border-accent-100 bg-accent-50/60 px-4 py-3" data-testid="did-you-mean">
      <p className="text-sm font-medium text-slate-900">Did you mean</p>
      <ul className="mt-1 space-y-1">
        {hits.slice(0, 10).map((hit) => (
          <li key={`${hit.kind}-${hit.id}-${hit.match}`} className="text-sm">
            <Link href={hrefForHit(hit)} className="font-medium text-accent-700 hover:underline">
              {KIND_LABELS[hit.kind]}{" "}
              {hit.title ? (
                <span className="font-mono">{hit.title}</span>
              ) : (
                <span className="font-mono">{hit.id.slice(0, 8)}…</span>
              )}
            </Link>
            <span className="text-slate-600"> (by {MATCH_LABELS[hit.match]})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
