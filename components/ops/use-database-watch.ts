"use client";

import { useEffect, useRef, useState } from "react";

export type DatabaseWatch = "checking" | "unreachable" | "ready";

/** How often a failed page asks whether the database is back. */
const POLL_MS = 2_000;

/**
 * After a page failed, asks `/api/ready` every two seconds whether the console's database
 * answers (issue 49). While it says "database unreachable" the page says so; when it answers
 * again after having been away, `onBack` runs once (the error boundary's retry), so the page
 * recovers without a reload.
 */
export function useDatabaseWatch(onBack: () => void): DatabaseWatch {
  const [state, setState] = useState<DatabaseWatch>("checking");
  const wasAway = useRef(false);
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      let next: DatabaseWatch = "unreachable";
      try {
        const res = await fetch("/api/ready", { cache: "no-store" });
        const body = (await res.json().catch(() => ({}))) as { ready?: boolean; reason?: string };
        if (body.ready) next = "ready";
        else if (!/^database/.test(body.reason ?? "")) next = "ready"; // not ready for another reason (shutting down)
      } catch {
        next = "unreachable"; // the instance itself did not answer
      }
      if (stopped) return;
      setState(next);
      if (next === "unreachable") wasAway.current = true;
      else if (wasAway.current) {
        wasAway.current = false;
        back.current();
      }
      if (!stopped) timer = setTimeout(check, POLL_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return state;
}
