"use client";

import { useRouter } from "next/navigation";
import { useCan } from "@/components/auth/actor-context";
import { Button } from "@/components/ui/button";
import { retryWebhookDelivery } from "@/lib/webhook-endpoints/actions/retry-webhook-delivery";
import { useActionMutation } from "@/components/forms/use-action-mutation";
import type { Environment } from "@/lib/dashboard/environment-schema";

/**
 * "Resend" on the events page: this event again, to this one endpoint, now (the delivery is
 * made due whatever its status; other endpoints are not touched). Shown only to roles that
 * manage webhooks; the page re-renders to show the new attempt.
 */
export function ResendDeliveryButton({
  environment,
  webhookId,
  deliveryId,
  url,
}: {
  environment: Environment;
  webhookId: string;
  deliveryId: string;
  url: string;
}) {
  const router = useRouter();
  const canResend = useCan("webhooks:manage");
  const resend = useActionMutation({
    environment,
    action: retryWebhookDelivery,
    invalidate: [],
    success: () => `Resending to ${new URL(url).host}`,
  });
  if (!canResend) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={resend.isPending}
      aria-label={`Resend to ${url}`}
      onClick={() =>
        resend.mutate(
          { id: webhookId, deliveryId },
          // The attempt goes out right after the answer; show it once it is recorded.
          { onSuccess: () => window.setTimeout(() => router.refresh(), 800) },
        )
      }
    >
      Resend
    </Button>
  );
}
