"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** While a run is queued or running, the page's server data is refreshed every two seconds. */
export function RefreshWhileRunning({ running }: { running: boolean }) {
  const router = useRouter();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => router.refresh(), 2_000);
    return () => clearInterval(timer);
  }, [running, router]);
  return null;
}
