"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useActor, useShellEnvironment } from "@/components/auth/actor-context";
import { Input } from "@/components/ui/input";
import { StatusBadge } from "@/components/ui/badge";
import { searchEverything } from "@/lib/search/actions/search-everything";
import { ActionFailure, describeError, unwrap } from "@/lib/dashboard/action-result";
import { formatShortDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { hrefForHit, KIND_LABELS, MATCH_LABELS } from "@/lib/dashboard/search-links";
import type { SearchHit } from "@/lib/schemas/search";
import { recentPages, recentSearches, rememberSearch, type RecentPage } from "./recent";
import { formatMoney } from "@/lib/money/format";

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The search dialog's body: the box, then what matched (or recent searches and pages). */
export function SearchPanel({
  onNavigate,
  takeTyped = () => "",
}: {
  onNavigate: () => void;
  /** What was typed before the box existed (issue 59: the first keystrokes after ⌘K were lost). */
  takeTyped?: () => string;
}) {
  const router = useRouter();
  const environment = useShellEnvironment();
  const email = useActor()?.email ?? "";
  const [text, setText] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the box appears
  useEffect(() => {
    const typed = takeTyped();
    if (typed) setText((now) => typed + now);
  }, []);
  const q = useDebounced(text.trim().slice(0, 128), 200);
  const list = useRef<HTMLUListElement>(null);
  const [recent] = useState(() => ({ searches: recentSearches(email), pages: recentPages(email) }));

  const result = useQuery({
    queryKey: queryKeys.search(environment, q),
    queryFn: async () => unwrap(await searchEverything({ q })),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  const hits = q.length > 0 && result.data?.query === q ? result.data.data : [];
  // Only the first 128 characters are searched: a longer paste settles on those (it hung on "Searching…").
  const settled = q === text.trim().slice(0, 128) && !result.isFetching;

  function open(href: string) {
    if (q) rememberSearch(email, q);
    onNavigate();
    router.push(href);
  }

  /** Arrow keys move between the results; Enter in the box opens the first one. */
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>("a[data-result]") ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = event.key === "ArrowDown" ? Math.min(index + 1, links.length - 1) : index - 1;
      if (next < 0) document.getElementById("search-box")?.focus();
      else links[next]?.focus();
    } else if (event.key === "Enter" && (event.target as HTMLElement).id === "search-box" && links[0]) {
      event.preventDefault();
      open(links[0].getAttribute("href") ?? "/");
    }
  }

  return (
    <div className="space-y-3">
      <label htmlFor="search-box" className="sr-only">
        Search
      </label>
      <Input
        id="search-box"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. INV-MXN-4004, a request id, 0x… or 3000"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="search-status"
      />
      <p id="search-status" role="status" className="text-xs wrap-anywhere text-slate-500">
        {q.length === 0
          ? "Ids of requests, payments, disbursements, /v1 payments, events and webhooks; external_id in any case; hashes; last four of an account."
          : result.isFetching || !settled
            ? "Searching…"
            : result.error instanceof ActionFailure
              ? describeError(result.error)
              : hits.length === 0
                ? `Nothing matches “${q}” in ${environment}.`
                : `${hits.length} ${hits.length === 1 ? "match" : "matches"}${hits.length > 1 ? "; exact first" : ""}.`}
        {q.length > 0 && text.trim().length > 128 ? " Only the first 128 characters are searched." : null}
      </p>
      <ul ref={list} className="max-h-[min(60vh,28rem)] space-y-1 overflow-y-auto" data-testid="search-results">
        {q.length > 0 ? (
          hits.map((hit) => (
            <HitRow key={`${hit.kind}-${hit.id}-${hit.match}`} hit={hit} onOpen={open} onKeyDown={onKeyDown} />
          ))
        ) : (
          <>
            {recent.searches.length > 0 ? <Heading>Recent searches</Heading> : null}
            {recent.searches.map((s) => (
              <li key={`s-${s}`}>
                <button
                  type="button"
                  className="w-full rounded-md px-3 py-2 text-left font-mono text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100"
                  onClick={() => setText(s)}
                >
                  {s}
                </button>
              </li>
            ))}
            {recent.pages.length > 0 ? <Heading>Recent pages</Heading> : null}
            {recent.pages.map((p) => (
              <PageRow key={`p-${p.href}`} page={p} onOpen={open} onKeyDown={onKeyDown} />
            ))}
          </>
        )}
      </ul>
    </div>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <li className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">{children}</li>
  );
}

type RowProps = { onOpen: (href: string) => void; onKeyDown: (event: KeyboardEvent<HTMLElement>) => void };

function HitRow({ hit, onOpen, onKeyDown }: RowProps & { hit: SearchHit }) {
  const href = hrefForHit(hit);
  return (
    <li>
      <Link
        href={href}
        data-result
        data-testid="search-hit"
        onKeyDown={onKeyDown}
        onClick={(e) => {
          e.preventDefault();
          onOpen(href);
        }}
        className="flex min-w-0 items-center gap-3 rounded-md px-3 py-2 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">
            {KIND_LABELS[hit.kind]}
            {hit.title ? (
              <span className="font-normal wrap-anywhere text-slate-600"> · {hitTitle(hit.title)}</span>
            ) : null}
          </span>
          <span className="block truncate font-mono text-xs text-slate-500">
            {hit.id} · by {MATCH_LABELS[hit.match]} · {formatShortDateTime(hit.created_at)}
          </span>
        </span>
        {hit.status ? <StatusBadge status={hit.status} /> : null}
      </Link>
    </li>
  );
}

function PageRow({ page, onOpen, onKeyDown }: RowProps & { page: RecentPage }) {
  return (
    <li>
      <Link
        href={page.href}
        data-result
        onKeyDown={onKeyDown}
        onClick={(e) => {
          e.preventDefault();
          onOpen(page.href);
        }}
        className="flex min-w-0 items-center justify-between gap-3 rounded-md px-3 py-2 text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        <span className="truncate text-slate-800">{page.title}</span>
        <span className="shrink-0 truncate font-mono text-xs text-slate-500">{page.href}</span>
      </Link>
    </li>
  );
}

/** A payment's or disbursement's title is "<amount> <currency>" on the wire: shown as the console shows money. */
function hitTitle(title: string): string {
  const money = /^(\d+(?:\.\d+)?) ([A-Z]{3,4})$/.exec(title);
  return money ? formatMoney(money[1], money[2]) : title;
}
