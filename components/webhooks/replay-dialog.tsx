"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useToast } from "@/components/ui/toast";
import { useSandboxOffset } from "@/components/sandbox/use-sandbox-offset";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DialogActions } from "@/components/ui/dialog";
import { EndpointDialog } from "./endpoint-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { replayWebhookRange } from "@/lib/webhook-endpoints/actions/replay-webhook-range";
import { fieldProblem } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { queryKeys } from "@/lib/dashboard/query-keys";
import type { WebhookReplayResult } from "@/lib/schemas/webhook";

/** "2026-12-03T09:15" (a datetime-local value, this browser's zone) for an instant. */
const local = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/**
 * "Replay" (issue 63): a time range of an endpoint's deliveries sent again, in their order,
 * through its rate. Counted first (a dry run), then sent; a range replayed before is asked about
 * again. Times are this browser's, on the account's clock (the sandbox clock in the sandbox).
 */
export function ReplayDialog({ environment, webhookId }: { environment: Environment; webhookId: string }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const offset = useSandboxOffset(environment) * 1000;
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [onlyFailed, setOnlyFailed] = useState(false);
  const [again, setAgain] = useState(false);
  const [count, setCount] = useState<WebhookReplayResult | null>(null);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [pending, setPending] = useState(false);

  const body = (dryRun: boolean) => ({
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    ...(onlyFailed ? { only_failed: true } : {}),
    ...(dryRun ? { dry_run: true } : {}),
    ...(again ? { confirm_repeat: true } : {}),
  });
  const send = async (dryRun: boolean) => {
    setError(null);
    if (!from || !to) return setError({ field: "from", message: "Choose when the range starts and ends" });
    setPending(true);
    const result = await replayWebhookRange(
      { id: webhookId, body: body(dryRun) },
      { environment, confirmProduction: environment === "production" },
    );
    setPending(false);
    if (!result.ok) return setError(fieldProblem(result.error));
    if (dryRun) return setCount(result.data);
    toast({
      title: `${result.data.count} deliver${result.data.count === 1 ? "y is" : "ies are"} being sent again, oldest first`,
      description: `Each carries X-Service-Replay: ${result.data.replay_id}.`,
      tone: "success",
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.deliveries(environment, webhookId) });
    setOpen(false);
  };
  const changed = () => {
    setCount(null);
    setError(null);
  };
  const fieldError = (name: string) => (error && error.field === name ? error.message : undefined);

  return (
    <EndpointDialog
      label="Replay"
      open={open}
      setOpen={setOpen}
      onOpen={() => {
        const now = Date.now() + offset;
        setFrom(local(now - 86_400_000));
        setTo(local(now + 60_000));
        setOnlyFailed(false);
        setAgain(false);
        changed();
      }}
      size="lg"
      title="Replay a time range"
      description="The endpoint's finished deliveries of events created in the range are sent again, oldest first, through its rate limit. Count them first."
      footer={
        <DialogActions cancel="Cancel">
          <Button variant="secondary" loading={pending && count === null} onClick={() => void send(true)}>
            Count
          </Button>
          <Button
            disabled={count === null || count.count === 0 || (count.earlier_replays > 0 && !again)}
            loading={pending && count !== null}
            onClick={() => void send(false)}
          >
            {count && count.count > 0 ? `Replay ${count.count}` : "Replay"}
          </Button>
        </DialogActions>
      }
    >
      <div className="space-y-4" data-testid="replay-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="From" error={fieldError("from")}>
            {(p) => (
              <Input
                {...p}
                type="datetime-local"
                value={from}
                onChange={(e) => {
                  setFrom(e.target.value);
                  changed();
                }}
              />
            )}
          </Field>
          <Field label="To" error={fieldError("to")}>
            {(p) => (
              <Input
                {...p}
                type="datetime-local"
                value={to}
                onChange={(e) => {
                  setTo(e.target.value);
                  changed();
                }}
              />
            )}
          </Field>
        </div>
        <Checkbox
          className="text-sm text-slate-700"
          checked={onlyFailed}
          onChange={(on) => {
            setOnlyFailed(on);
            changed();
          }}
        >
          Only deliveries that failed
        </Checkbox>
        {count ? (
          <div
            className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-3 text-sm"
            data-testid="replay-count"
          >
            <p className="font-medium text-slate-900">
              {count.count === 0
                ? "Nothing to replay in this range."
                : `${count.count} deliver${count.count === 1 ? "y" : "ies"} would be sent again, oldest first.`}
            </p>
            {count.earlier_replays > 0 ? (
              <Checkbox className="text-amber-900" checked={again} onChange={setAgain}>
                Part of this range was replayed before ({count.earlier_replays} time
                {count.earlier_replays === 1 ? "" : "s"}): replay it again anyway
              </Checkbox>
            ) : null}
          </div>
        ) : null}
        {error && error.field !== "from" && error.field !== "to" ? (
          <p role="alert" className="text-sm text-red-700">
            {error.message}
          </p>
        ) : null}
      </div>
    </EndpointDialog>
  );
}
