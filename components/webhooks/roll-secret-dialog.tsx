"use client";

import type { Resolver } from "react-hook-form";
import { OneTimeSecret } from "@/components/admin/one-time-secret";
import { CreateDialog } from "@/components/forms/create-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { rotateWebhookSecret } from "@/lib/webhook-endpoints/actions/rotate-webhook-secret";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { formatDateTime } from "@/lib/dashboard/format-date";
import type { InboxSummary } from "@/lib/inbox/types";
import type { Webhook, WebhookSecretRotation } from "@/lib/schemas/webhook";
import { KeepSecretInInbox } from "./keep-secret";

type Values = { overlap: string };

/** How long the old secret may keep signing: Stripe's choices, up to the 7 days the API allows. */
export const OVERLAPS = [
  { value: "0", label: "Stop it now" },
  { value: "3600", label: "1 hour" },
  { value: "86400", label: "24 hours" },
  { value: "259200", label: "3 days" },
  { value: "604800", label: "7 days" },
] as const;

const resolver: Resolver<Values> = async (values) => ({ values, errors: {} });

/**
 * "Roll secret" (issue 63): a new signing secret, shown once; the old one keeps signing beside it
 * (a second v1 in each delivery's header) for the overlap chosen, so the receiver can deploy the
 * new one without missing a delivery. An endpoint that is one of the person's inboxes can keep
 * the new secret there at once.
 */
export function RollSecretDialog({
  environment,
  webhook,
  inbox,
  onRolled,
}: {
  environment: Environment;
  webhook: Webhook;
  /** The person's inbox this endpoint delivers to, if it is one: the new secret can be kept there. */
  inbox: InboxSummary | null;
  onRolled: () => void;
}) {
  return (
    <CreateDialog<Values, WebhookSecretRotation, WebhookSecretRotation>
      id={`roll-secret-${webhook.id}`}
      trigger={
        <Button size="sm" variant="ghost">
          Roll secret
        </Button>
      }
      submitLabel="Roll secret"
      resolver={resolver}
      defaults={{ overlap: "86400" }}
      send={async (values) => {
        const answer = await rotateWebhookSecret(
          { id: webhook.id, body: { previous_secret_expires_in: Number(values.overlap) } },
          { environment, confirmProduction: environment === "production" },
        );
        if (answer.ok) onRolled();
        return answer;
      }}
      keep={(data) => data}
      words={(rolled) =>
        rolled
          ? { title: "Secret rolled", description: "Copy the new signing secret now: it is shown this once." }
          : {
              title: "Roll the signing secret?",
              description:
                "Deliveries are signed with a new secret. Until your receiver has it, the old one can keep signing too.",
            }
      }
      fields={({ register }) => (
        <>
          <p className="font-mono text-xs break-all text-slate-600">{webhook.url}</p>
          <Field
            label="The old secret keeps signing for"
            hint="Each delivery then carries a signature for each secret; a receiver checking any of them accepts it."
          >
            {(p) => <Select {...p} {...register("overlap")} options={OVERLAPS} />}
          </Field>
        </>
      )}
      created={(rolled) => (
        <div className="space-y-4" data-testid="rolled-secret">
          <OneTimeSecret
            label="New signing secret"
            value={rolled.secret ?? ""}
            note="Deploy it to your receiver. It cannot be shown again; roll again if it is lost."
          />
          <p className="text-sm text-slate-700" data-testid="old-secret-until">
            {rolled.previous_secret_expires_at
              ? `The old secret signs too until ${formatDateTime(rolled.previous_secret_expires_at)}.`
              : "The old secret no longer signs."}
          </p>
          {inbox ? (
            <KeepSecretInInbox
              environment={environment}
              inboxes={[inbox]}
              endpointUrl={webhook.url}
              webhookId={webhook.id}
              secret={rolled.secret ?? ""}
            />
          ) : null}
        </div>
      )}
    />
  );
}
