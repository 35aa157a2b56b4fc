"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSandboxOffset } from "@/components/sandbox/use-sandbox-offset";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog";
import { EndpointDialog } from "./endpoint-dialog";
import { useToast } from "@/components/ui/toast";
import { replayWebhookRange } from "@/lib/webhook-endpoints/actions/replay-webhook-range";
import { updateWebhook } from "@/lib/webhook-endpoints/actions/update-webhook";
import { describeError } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { MAX_REPLAY_DAYS } from "@/lib/schemas/webhook-limits";

/**
 * "Enable" on a turned-off endpoint (issue 63, decisions D9.15): what waits for it goes out at once,
 * and what it missed while off (events of its types never queued for it, and deliveries that ended
 * failed) can be replayed with it, counted first.
 */
export function EnableEndpointDialog({
  environment,
  webhookId,
  disabledAt,
}: {
  environment: Environment;
  webhookId: string;
  disabledAt: string | null;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const offset = useSandboxOffset(environment) * 1000;
  const [open, setOpen] = useState(false);
  const [missed, setMissed] = useState<number | null>(null);
  const [replay, setReplay] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const meta = { environment, confirmProduction: environment === "production" };

  /** Since it was turned off (at most the longest range a replay takes), to a minute from now. */
  const range = () => {
    const to = Date.now() + offset + 60_000;
    const from = Math.max(Date.parse(disabledAt ?? ""), to - MAX_REPLAY_DAYS * 86_400_000 + 60_000);
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      include_missed: true,
      only_failed: true,
    };
  };
  const count = async () => {
    setMissed(null);
    if (!disabledAt) return setMissed(0);
    const result = await replayWebhookRange({ id: webhookId, body: { ...range(), dry_run: true } }, meta);
    setMissed(result.ok ? result.data.count : 0);
  };
  const enable = async () => {
    setError(null);
    setPending(true);
    const on = await updateWebhook({ id: webhookId, body: { status: "ACTIVE" } }, meta);
    if (!on.ok) {
      setPending(false);
      return setError(describeError(on.error));
    }
    let sent = 0;
    if (replay && missed) {
      const result = await replayWebhookRange({ id: webhookId, body: range() }, meta);
      if (result.ok) sent = result.data.count;
      else setError(`Enabled, but the replay failed: ${describeError(result.error)}`);
    }
    setPending(false);
    await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all(environment) });
    toast({
      title: "Endpoint enabled",
      description:
        sent > 0
          ? `${sent} missed deliver${sent === 1 ? "y is" : "ies are"} being sent, oldest first.`
          : "Deliveries waiting for it go out now.",
      tone: "success",
    });
    setOpen(false);
  };

  return (
    <EndpointDialog
      label="Enable"
      open={open}
      setOpen={setOpen}
      onOpen={() => {
        setReplay(true);
        setError(null);
        void count();
      }}
      title="Enable this endpoint?"
      description="Deliveries that waited for it are sent at once, on their schedule."
      footer={
        <DialogActions cancel="Keep it off">
          <Button loading={pending} disabled={missed === null} onClick={() => void enable()}>
            Enable
          </Button>
        </DialogActions>
      }
    >
      <div className="space-y-3 text-sm" data-testid="enable-endpoint">
        {missed === null ? (
          <p className="text-slate-600">Counting what it missed…</p>
        ) : missed === 0 ? (
          <p className="text-slate-600">
            Nothing was missed{disabledAt ? ` since it was turned off (${formatDateTime(disabledAt)})` : ""}.
          </p>
        ) : (
          <Checkbox className="text-slate-800" checked={replay} onChange={setReplay}>
            Also replay what it missed since it was turned off ({disabledAt ? formatDateTime(disabledAt) : ""}):{" "}
            <strong>
              {missed} deliver{missed === 1 ? "y" : "ies"}
            </strong>
            , oldest first, each marked as a replay
          </Checkbox>
        )}
        {error ? (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </EndpointDialog>
  );
}
