"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { revokeApiKey } from "@/lib/api-keys/actions/revoke-api-key";

/** Revokes one key after a confirmation; the service refuses it from the next request on. */
export function RevokeKeyButton({
  id,
  prefix,
  environment,
}: {
  id: string;
  prefix: string;
  environment?: "sandbox" | "production";
}) {
  const router = useRouter();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();

  function revoke() {
    startTransition(async () => {
      const result = await revokeApiKey({ id, environment });
      setOpen(false);
      if (!result.ok) {
        toast({ title: "Could not revoke the key", description: result.error.message, tone: "error" });
        return;
      }
      toast({ title: "Key revoked", description: `${prefix}… is refused from now on.`, tone: "success" });
      router.refresh();
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="sm"
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Revoke ${prefix}`}>
          Revoke
        </Button>
      }
      title="Revoke this key?"
      description={`Every call made with ${prefix}… will be refused with 401 from now on. This cannot be undone.`}
      footer={
        <DialogActions cancel="Keep it">
          <Button variant="danger" loading={pending} onClick={revoke}>
            Revoke key
          </Button>
        </DialogActions>
      }
    />
  );
}
