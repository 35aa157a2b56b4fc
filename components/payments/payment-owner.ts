import type { Payment } from "@/lib/schemas/payment";

/** What a payment belongs to: its settlement request, or the disbursement it pays out. */
export function ownerOf(p: Payment): { label: string; id: string; href: string } | null {
  if (p.settlement_request_id) {
    return { label: "Request", id: p.settlement_request_id, href: `/settlement-requests/${p.settlement_request_id}` };
  }
  const disbursementId = p.metadata.disbursement_id;
  if (typeof disbursementId === "string" && disbursementId !== "") {
    return { label: "Disbursement", id: disbursementId, href: `/disbursements/${disbursementId}` };
  }
  return null;
}
