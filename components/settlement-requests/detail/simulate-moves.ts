/**
 * The Simulate panel's one-click payment outcomes, and which make sense from where the request
 * stands (the sandbox accepts any status; these buttons offer the story's next steps). Each
 * move that does not fit says why. Browser-safe and pure.
 */
import { type PaymentStatus, FINAL_REQUEST_STATUSES } from "@/lib/state-machine/statuses";

export type QuickMove = { label: string; payment: "in" | "out"; to: PaymentStatus; why: string | null };

/** An outbound payment not yet under way: the payout can still be simulated. */
const PAYOUT_STILL_MOVABLE: ReadonlySet<string> = new Set<PaymentStatus>(["PENDING", "PROCESSING", "SCHEDULED"]);

type Standing = { status: string; inbound_payment: { status: string }; outbound_payment: { status: string } };

const human = (s: string) => s.toLowerCase().replaceAll("_", " ");

export function quickMoves(r: Standing): QuickMove[] {
  const inbound = r.inbound_payment.status;
  const outbound = r.outbound_payment.status;
  const finished = (FINAL_REQUEST_STATUSES as readonly string[]).includes(r.status)
    ? `The request is ${human(r.status)}: nothing moves it now.`
    : null;
  const fundsIn = inbound === "COMPLETED";
  const notYet = "Funds have not arrived yet: mark the payin received first.";
  return [
    {
      label: "Payin processing",
      payment: "in",
      to: "PROCESSING",
      why:
        finished ??
        (["AWAITING_FUNDS", "PENDING", "UNDER_REVIEW"].includes(inbound)
          ? null
          : `The inbound payment is already ${human(inbound)}.`),
    },
    {
      label: "Payin received",
      payment: "in",
      to: "COMPLETED",
      why: finished ?? (fundsIn ? "The inbound payment is already completed." : null),
    },
    {
      label: "Payout sent",
      payment: "out",
      to: "SENT",
      why:
        finished ??
        (!fundsIn
          ? notYet
          : PAYOUT_STILL_MOVABLE.has(outbound)
            ? null
            : `The outbound payment is already ${human(outbound)}.`),
    },
    {
      label: "Payout completed",
      payment: "out",
      to: "COMPLETED",
      why:
        finished ??
        (!fundsIn ? notYet : outbound === "COMPLETED" ? "The outbound payment is already completed." : null),
    },
  ];
}
