"use client";

import { useEffect, type ReactNode } from "react";
import { SuccessBanner } from "./resource-status-line";

/**
 * "… created." once, after a create: the `?created=1` that asked for it leaves the address as the
 * banner shows, so a reload (or a bookmark) does not announce it again (issue 35, finding 19).
 */
export function CreatedBanner({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("created")) return;
    url.searchParams.delete("created");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, []);
  return <SuccessBanner title={title}>{children}</SuccessBanner>;
}
