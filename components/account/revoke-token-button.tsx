"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { revokeAccessToken } from "@/lib/listen/actions/revoke-access-token";

/** Revokes one of one's tokens after a confirmation; a listener using it stops at once. */
export function RevokeTokenButton({ id, name }: { id: string; name: string }) {
  const router = useRouter();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  function revoke() {
    startTransition(async () => {
      const result = await revokeAccessToken({ id });
      setOpen(false);
      if (!result.ok) {
        toast({ title: "Could not revoke the token", description: result.error.message, tone: "error" });
        return;
      }
      toast({ title: "Token revoked", description: `“${name}” is refused from now on.`, tone: "success" });
      router.refresh();
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Revoke token ${name}`}>
          Revoke
        </Button>
      }
      title="Revoke this token?"
      description={`“${name}” stops working now, and a settlement-console listen using it stops. This cannot be undone.`}
      footer={
        <DialogActions cancel="Keep it">
          <Button variant="danger" loading={pending} onClick={revoke}>
            Revoke token
          </Button>
        </DialogActions>
      }
    />
  );
}
