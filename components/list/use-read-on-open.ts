"use client";

import { useCallback, useRef, useState, type SyntheticEvent } from "react";
import { readLive } from "@/lib/dashboard/live-paths";

export type ReadOnOpen<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ok"; data: T }
  | { status: "failed"; message: string };

/**
 * What a folded row shows only when opened (a call's bodies, an event's payload): read from its
 * /live/… GET the first time its <details> opens, so a list page carries summaries, not bodies
 * (issue 29: the page costs the same with 50 rows of 16 KiB bodies as with an empty list).
 */
export function useReadOnOpen<T>(path: string) {
  const [state, setState] = useState<ReadOnOpen<T>>({ status: "idle" });
  const started = useRef(false);
  const load = useCallback(async () => {
    started.current = true;
    setState({ status: "loading" });
    const result = await readLive<T>(path);
    setState(result.ok ? { status: "ok", data: result.data } : { status: "failed", message: result.error.message });
  }, [path]);
  const onToggle = useCallback(
    (event: SyntheticEvent<HTMLDetailsElement>) => {
      if (event.currentTarget.open && !started.current) void load();
    },
    [load],
  );
  return { state, onToggle, retry: load };
}
