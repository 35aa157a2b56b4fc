"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useActor } from "@/components/auth/actor-context";
import { Dialog } from "@/components/ui/dialog";
import { SearchIcon } from "@/components/ui/icons";
import { rememberPage } from "./recent";

/** The panel (and its query code) loads with the first open. */
const SearchPanel = dynamic(() => import("./search-panel").then((m) => m.SearchPanel), { ssr: false });

/**
 * The search box in the top bar, and ⌘K / Ctrl+K anywhere: paste any id, an external_id, a
 * transaction hash or an account's last four and land on the right page. Also remembers the
 * pages this person opens, for the panel's "Recent pages".
 */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const user = useActor();
  const pathname = usePathname();
  // Keystrokes typed after ⌘K while the panel is still loading: kept, and handed to its box (issue 59).
  const typed = useRef<string | null>(null);

  useEffect(() => {
    if (!open) {
      typed.current = null;
      return;
    }
    typed.current = "";
    const keep = (event: KeyboardEvent) => {
      if (typed.current === null || event.metaKey || event.ctrlKey || event.altKey) return;
      if ((event.target as HTMLElement | null)?.id === "search-box") return;
      if (event.key.length === 1) typed.current += event.key;
      else if (event.key === "Backspace") typed.current = typed.current.slice(0, -1);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", keep, true);
    return () => window.removeEventListener("keydown", keep, true);
  }, [open]);
  const takeTyped = () => {
    const kept = typed.current ?? "";
    typed.current = null;
    return kept;
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change, by design
  useEffect(() => {
    if (!user) return;
    // After the new page has set its title.
    const timer = window.setTimeout(() => {
      const title = document.title.replace(/ · Settlement Console$/, "");
      rememberPage(user.email, { href: `${window.location.pathname}${window.location.search}`, title });
    }, 500);
    return () => window.clearTimeout(timer);
  }, [pathname, user]);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Search"
      description="An id, an external_id, a transaction hash, or the last four of an account number or IBAN."
      size="lg"
      trigger={
        <button
          type="button"
          data-testid="search-launcher"
          className="flex h-9 min-w-0 items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm text-slate-500 shadow-xs transition-colors hover:border-slate-300 hover:text-slate-700 sm:w-64"
        >
          <SearchIcon className="size-4 shrink-0" />
          <span className="hidden truncate sm:inline">Find ids, external_id…</span>
          <span className="sr-only sm:hidden">Find anything</span>
          <kbd className="ml-auto hidden rounded border border-slate-200 px-1.5 font-sans text-[11px] text-slate-500 sm:inline">
            ⌘K
          </kbd>
        </button>
      }
    >
      {open ? <SearchPanel onNavigate={() => setOpen(false)} takeTyped={takeTyped} /> : null}
    </Dialog>
  );
}
