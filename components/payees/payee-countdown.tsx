"use client";

import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";

/** "Usable" or "Usable in 23 h 12 min", counting down each minute. */
export function PayeeCountdown({ usableFrom }: { usableFrom: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Date.parse(usableFrom) - (now ?? Date.parse(usableFrom));
  if (now !== null && left <= 0) {
    return (
      <Badge tone="success" dot data-testid="payee-state" data-usable="true">
        Usable
      </Badge>
    );
  }
  const minutes = Math.max(1, Math.ceil(left / 60_000));
  const text =
    now === null
      ? "Cooling off"
      : `Usable in ${minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`}`;
  return (
    <Badge tone="warning" dot data-testid="payee-state" data-usable="false" title={`Usable from ${usableFrom}`}>
      {text}
    </Badge>
  );
}
