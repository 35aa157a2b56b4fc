import {
  DISBURSEMENT_STATUS_PHASES,
  PAYMENT_STATUS_PHASES,
  type Phase,
  SETTLEMENT_STATUS_PHASES,
  V1_PAYMENT_STATUS_PHASES,
  WEBHOOK_DELIVERY_STATUS_PHASES,
  WEBHOOK_STATUS_PHASES,
} from "@/lib/state-machine/phases";

/** Colour families a status maps to. Browser- and server-safe. */
export type Tone = "neutral" | "info" | "warning" | "success" | "danger" | "muted" | "accent";

const TONE_OF_PHASE: Record<Phase, Tone> = {
  success: "success",
  failure: "danger",
  pending: "info",
  moving: "warning",
  neutral: "muted",
};

/** Every list's statuses and their phase, merged (a status shared by lists has one phase in all: state-machine.test.ts checks it). */
const PHASE_OF: ReadonlyMap<string, Phase> = new Map(
  [
    SETTLEMENT_STATUS_PHASES,
    PAYMENT_STATUS_PHASES,
    DISBURSEMENT_STATUS_PHASES,
    V1_PAYMENT_STATUS_PHASES,
    WEBHOOK_STATUS_PHASES,
    WEBHOOK_DELIVERY_STATUS_PHASES,
  ].flatMap((table) => Object.entries(table) as Array<[string, Phase]>),
);

/**
 * A settlement-request, payment, disbursement, /v1, webhook or delivery status's tone, from its
 * phase (lib/state-machine/phases.ts): pending → info (blue), under way or in review → warning
 * (amber), success → green, failure → red, ended otherwise → muted (grey). Unknown: neutral.
 */
export function statusTone(status: string): Tone {
  const phase = PHASE_OF.get(status.toUpperCase());
  return phase ? TONE_OF_PHASE[phase] : "neutral";
}

/** "PAYIN_AMOUNT_MISMATCH" → "Payin amount mismatch". */
export function humanizeStatus(status: string): string {
  const words = status.toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Statuses as select options, each labelled in words. */
export function statusOptions(statuses: readonly string[]): { value: string; label: string }[] {
  return statuses.map((s) => ({ value: s, label: humanizeStatus(s) }));
}
