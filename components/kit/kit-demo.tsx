"use client";

import { useState } from "react";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { Field } from "@/components/ui/field";
import { InboxIcon, PlusIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, TD, TH, THead, TR, TableEmptyRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { useToast } from "@/components/ui/toast";
import { PAYMENT_STATUSES, SETTLEMENT_STATUSES } from "@/lib/state-machine/statuses";

const ROWS = [
  {
    id: "3f1c9a2e-8b7d-4c1e-9f0a-1b2c3d4e5f60",
    external: "inv-20931",
    amount: "12,500.00",
    currency: "USDC",
    status: "SETTLEMENT_COMPLETED",
  },
  {
    id: "7a2b1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    external: "inv-20932",
    amount: "980.50",
    currency: "EUR",
    status: "FUNDS_SENT",
  },
  {
    id: "c0ffee00-1234-4abc-8def-0123456789ab",
    external: "payroll-11",
    amount: "1,204,000.00",
    currency: "MXN",
    status: "PAYIN_AMOUNT_MISMATCH",
  },
];

/** Every primitive in one place, for designers and reviewers (route /kit, dev only). */
export function KitDemo() {
  const { toast } = useToast();
  const [page, setPage] = useState(2);
  const [loading, setLoading] = useState(false);

  return (
    <div className="space-y-8">
      <Card title="Buttons" description="primary · secondary · ghost · danger · warning; sm · md · lg; loading">
        <div className="flex flex-wrap items-center gap-3">
          <Button>
            <PlusIcon /> New request
          </Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Cancel request</Button>
          <Button variant="warning">Switch to production</Button>
          <Button size="sm" variant="secondary">
            Small
          </Button>
          <Button size="lg">Large</Button>
          <Button
            loading={loading}
            onClick={() => {
              setLoading(true);
              window.setTimeout(() => setLoading(false), 1500);
            }}
          >
            {loading ? "Creating…" : "Click to load"}
          </Button>
          <Button disabled>Disabled</Button>
        </div>
      </Card>

      <div className="grid gap-8 lg:grid-cols-2">
        <Card title="Form fields" description="Field wires label, hint and error to the control">
          <div className="space-y-4">
            <Field label="Amount" hint="Minimum 0.01" required>
              {(p) => <Input {...p} numeric inputMode="decimal" defaultValue="12500.00" />}
            </Field>
            <Field label="External ID" error="Must be 255 characters or fewer">
              {(p) => <Input {...p} defaultValue="inv-20931" />}
            </Field>
            <Field label="Status">
              {(p) => <Select {...p} placeholder="All statuses" options={SETTLEMENT_STATUSES} />}
            </Field>
            <Field label="Failure reason">{(p) => <Textarea {...p} rows={3} placeholder="Shown to the payer" />}</Field>
          </div>
        </Card>
        <Card title="Status badges" description="statusTone(status) picks the colour">
          <div className="flex flex-wrap gap-2">
            {[...SETTLEMENT_STATUSES, "AWAITING_PAYIN_RECONCILIATION", ...PAYMENT_STATUSES].map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a status may appear in both lists; the list is fixed
              <StatusBadge key={`${s}-${i}`} status={s} />
            ))}
            <Badge tone="accent">accent</Badge>
            <Badge>neutral</Badge>
          </div>
        </Card>
      </div>

      <div>
        <Table caption="Settlement requests">
          <THead>
            <tr>
              <TH>Request</TH>
              <TH>External ID</TH>
              <TH>Status</TH>
              <TH numeric>Amount</TH>
            </tr>
          </THead>
          <TBody>
            {ROWS.map((r) => (
              <TR key={r.id}>
                <TD>
                  <span className="inline-flex items-center gap-1 font-mono text-xs text-slate-600">
                    {r.id.slice(0, 8)}…<CopyButton value={r.id} label="Copy request id" />
                  </span>
                </TD>
                <TD>{r.external}</TD>
                <TD>
                  <StatusBadge status={r.status} />
                </TD>
                <TD numeric>
                  <span className="font-medium text-slate-900">{r.amount}</span>{" "}
                  <span className="text-slate-500">{r.currency}</span>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
        <Pagination page={page} pageSize={20} total={57} onPageChange={setPage} />
        <Table caption="Empty">
          <THead>
            <tr>
              <TH>Request</TH>
              <TH numeric>Amount</TH>
            </tr>
          </THead>
          <TBody>
            <TableEmptyRow colSpan={2}>No requests match these filters.</TableEmptyRow>
          </TBody>
        </Table>
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <EmptyState
          icon={<InboxIcon className="size-5" />}
          title="Nothing received yet"
          action={
            <Button size="sm" variant="secondary">
              Send a test event
            </Button>
          }
        >
          Deliveries will stream in here.
        </EmptyState>
        <ErrorState
          message="The settlement service did not answer. Nothing was changed."
          onRetry={() => toast({ title: "Retrying…" })}
        />
      </div>

      <Card title="Feedback" description="Toasts, dialog, copy, skeleton">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            onClick={() =>
              toast({ title: "Request created", description: "inv-20931 · 12,500.00 USDC", tone: "success" })
            }
          >
            Success toast
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              toast({
                title: "Could not create request",
                description: "The amount must be at least 0.01.",
                tone: "error",
              })
            }
          >
            Error toast
          </Button>
          <Dialog
            trigger={<Button variant="secondary">Open dialog</Button>}
            title="Cancel this request?"
            description="The payer's instructions stop working. This cannot be undone."
            footer={
              <DialogActions cancel="Keep it">
                <Button variant="danger">Cancel request</Button>
              </DialogActions>
            }
          />
          <CopyButton value="whsec_example" label="Copy secret" showText />
        </div>
        <div className="mt-5 space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </Card>
    </div>
  );
}
