import { Link } from "@/components/ui/link";
import { StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@/lib/money/format";
import type { PaymentSummary } from "@/lib/schemas/settlement-request-response";

function PaymentRow({ title, payment }: { title: string; payment: PaymentSummary }) {
  return (
    <div
      className="flex items-center justify-between gap-4 px-5 py-3.5"
      data-testid={`payment-${payment.type.toLowerCase()}`}
    >
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">{title}</p>
        <Link href={`/payments/${payment.id}`} className="font-mono text-xs text-accent-700 hover:underline">
          {payment.id}
        </Link>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <StatusBadge status={payment.status} />
        <span className="text-sm text-slate-700 tabular-nums">{formatMoney(payment.amount, payment.currency)}</span>
      </div>
    </div>
  );
}

/** The inbound (payin) and outbound (payout) payments of a request. */
export function PaymentsCard({ inbound, outbound }: { inbound: PaymentSummary; outbound: PaymentSummary }) {
  return (
    <Card title="Payments" flush>
      <div className="divide-y divide-slate-100">
        <PaymentRow title="Inbound · from the payer" payment={inbound} />
        <PaymentRow title="Outbound · to the destination" payment={outbound} />
      </div>
    </Card>
  );
}
