"use client";

import { useMutation } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { describeError } from "@/lib/dashboard/action-result";
import { testConnection, type ConnectionTest as Result } from "@/lib/settings/actions/test-connection";
import type { Environment } from "@/lib/dashboard/environment-schema";

/** Calls the API of one environment from the server and shows the round trip or the error. */
export function ConnectionTest({ environment, disabled }: { environment: Environment; disabled?: boolean }) {
  const test = useMutation({
    mutationFn: async (): Promise<Result> => {
      const result = await testConnection({ environment });
      if (!result.ok) {
        return { environment, ok: false, latencyMs: 0, error: result.error };
      }
      return result.data;
    },
  });
  const r = test.data;
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid={`connection-test-${environment}`}>
      <Button variant="secondary" size="sm" onClick={() => test.mutate()} loading={test.isPending} disabled={disabled}>
        Test connection
      </Button>
      <div aria-live="polite" className="text-sm">
        {test.isPending ? <span className="text-slate-500">Calling the API…</span> : null}
        {!test.isPending && r?.ok ? (
          <span className="inline-flex items-center gap-2" data-testid="connection-ok">
            <Badge tone="success" dot>
              Connected
            </Badge>
            <span className="text-slate-600 tabular-nums">{r.latencyMs} ms</span>
            {r.requestId ? <span className="font-mono text-xs text-slate-500">{r.requestId}</span> : null}
          </span>
        ) : null}
        {!test.isPending && r && !r.ok ? (
          <span className="inline-flex flex-wrap items-center gap-2" role="alert" data-testid="connection-failed">
            <Badge tone="danger" dot>
              Failed{r.status ? ` · ${r.status}` : ""}
            </Badge>
            <span className="text-red-700">{r.error ? describeError(r.error) : "No answer."}</span>
            {r.latencyMs > 0 ? <span className="text-slate-500 tabular-nums">after {r.latencyMs} ms</span> : null}
          </span>
        ) : null}
      </div>
    </div>
  );
}
