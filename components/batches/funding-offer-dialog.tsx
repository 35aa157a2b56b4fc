"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { FundedFirstCheckbox } from "./funded-first-checkbox";

/**
 * The sandbox's answer to a batch above the balance (issue 44): what is short, and a submit that
 * waits for "It will be funded before it runs".
 */
export function FundingOfferDialog({
  message,
  pending,
  onSubmit,
  onClose,
}: {
  message: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const [fundingSaid, setFundingSaid] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="More than the balance"
      description={message}
      footer={
        <DialogActions cancel="Keep reviewing">
          <Button
            variant="warning"
            disabled={!fundingSaid}
            loading={pending}
            onClick={onSubmit}
            data-testid="confirm-funding-first"
          >
            Submit, funding first
          </Button>
        </DialogActions>
      }
    >
      <div className="space-y-3 text-sm text-slate-700" data-testid="funding-offer">
        <p>
          Rows sent before the balance is topped up fail. The approver sees the shortfall, and the batch page says which
          rows failed.
        </p>
        <FundedFirstCheckbox checked={fundingSaid} onChange={setFundingSaid} />
      </div>
    </Dialog>
  );
}
